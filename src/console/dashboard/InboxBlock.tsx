import { Link } from "react-router";
import type { InboxSummary } from "../../../protocol/dashboard";
import { t } from "../../../providers/i18n";
import { ageOf } from "./age";
import { Block } from "./Block";
import { CountLink } from "./Count";

const INBOX = "/app/customer-chats";

/** The center's open conversations: all, nobody's, the reader's, each opening that tab; and who has waited longest. */
export function InboxBlock({ inbox, now }: { inbox: InboxSummary; now: string }) {
  const longest = inbox.longest_waiting;
  return (
    <Block title={t("dashboard.inbox.title")}>
      <div className="dashboard__counts">
        <CountLink to={INBOX} title={t("dashboard.inbox.open")} value={inbox.open} />
        <CountLink to={`${INBOX}?tab=unassigned`} title={t("dashboard.inbox.unassigned")} value={inbox.unassigned} />
        <CountLink to={`${INBOX}?tab=mine`} title={t("dashboard.inbox.mine")} value={inbox.mine} />
      </div>
      <p className="dashboard__none">
        <span className="text-secondary">{t("dashboard.inbox.longest")}: </span>
        {longest ? (
          <>
            <Link to={`${INBOX}?conversation=${longest.id}`}>{t("dashboard.inbox.conversation", { number: longest.number, name: longest.contact_name })}</Link>
            <span className="text-secondary"> · {t("dashboard.ageWaiting", { age: ageOf(longest.waiting_since, now) })}</span>
          </>
        ) : (
          <span className="text-secondary">{t("dashboard.inbox.none")}</span>
        )}
      </p>
    </Block>
  );
}
