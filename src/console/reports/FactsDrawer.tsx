// The list behind a figure: the conversations or decisions of one kind on a day (or over the
// range, for a staff member), each linking to its conversation or its approval page.
import { Link } from "react-router";
import type { ReportFact } from "../../../protocol/reports";
import { t } from "../../../providers/i18n";
import { approvalPagePath } from "../approvals/queues";
import { dateTimeInZone } from "../schedule/zoned";
import { useFacts, type Drill } from "./api";
import { dayLabel, duration } from "./format";
import { ListDrawer, useDrillPage } from "./ListDrawer";

export function drillTitle(drill: Drill): string {
  const day =
    drill.from === drill.to ? dayLabel(drill.from, true) : t("reports.drill.range", { from: dayLabel(drill.from, true), to: dayLabel(drill.to, true) });
  const title = t(`reports.drill.${drill.outcome ?? drill.kind}`, { day });
  return drill.userName ? t("reports.drill.staffSuffix", { title, name: drill.userName }) : title;
}

function Subject({ fact }: { fact: ReportFact }) {
  if (fact.conversation) {
    const { id, number, contact_name } = fact.conversation;
    return <Link to={`/app/customer-chats?conversation=${id}`}>{t("reports.drill.conversationLabel", { number, name: contact_name })}</Link>;
  }
  if (fact.request) return <Link to={approvalPagePath(fact.request.id)}>{fact.request.title || `#${fact.request.id}`}</Link>;
  return <>{t("reports.none")}</>;
}

export function FactsDrawer({ drill, centerCode, zone, onClose }: { drill: Drill | null; centerCode: string | null; zone: string; onClose: () => void }) {
  const [page, setPage] = useDrillPage(drill);
  const facts = useFacts(drill, centerCode, page);
  const measured = drill !== null && drill.kind !== "conversation";
  return (
    <ListDrawer<ReportFact>
      open={drill !== null}
      title={drill ? drillTitle(drill) : ""}
      onClose={onClose}
      list={facts}
      rows={facts.data?.facts ?? []}
      page={page}
      onPage={setPage}
      rowKey={(f) => `${f.kind}-${f.conversation?.id ?? ""}-${f.request?.id ?? ""}-${f.at}`}
      columns={[
        { key: "at", title: t("reports.drill.at"), render: (_, f) => dateTimeInZone(f.at, zone) },
        { key: "subject", title: t("reports.drill.subject"), render: (_, f) => <Subject fact={f} /> },
        ...(drill?.kind === "conversation"
          ? []
          : [{ key: "by", title: t("reports.drill.by"), render: (_: unknown, f: ReportFact) => f.user_name ?? t("reports.none") }]),
        ...(measured ? [{ key: "took", title: t("reports.drill.took"), render: (_: unknown, f: ReportFact) => duration(f.business_seconds) }] : []),
      ]}
    />
  );
}
