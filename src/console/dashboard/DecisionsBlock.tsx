import { Link } from "react-router";
import type { QueueWaiting } from "../../../protocol/dashboard";
import { labelText, t } from "../../../providers/i18n";
import { registry } from "../../app/definitions";
import { approvalPagePath, queuesOf } from "../approvals/queues";
import { ageOf } from "./age";
import { Block, Entries, Entry } from "./Block";

/** Per approval queue, what waits for the reader's decision: its count opens the queue, its oldest request the request. */
export function DecisionsBlock({ queues, now }: { queues: QueueWaiting[]; now: string }) {
  const known = new Map(queuesOf(registry).map((q) => [q.name, q]));
  // In the sidebar's order (the spec's queues first), whatever order the server sent.
  const order = [...known.keys()];
  const shown = queues.filter((q) => known.has(q.queue)).sort((a, b) => order.indexOf(a.queue) - order.indexOf(b.queue));
  return (
    <Block title={t("dashboard.decisions.title")}>
      {shown.some((q) => q.count > 0) ? (
        <Entries>
          {shown.map((item) => {
            const queue = known.get(item.queue)!;
            const name = labelText(queue.entry);
            return (
              <Entry
                key={item.queue}
                extra={
                  <Link to={queue.path} aria-label={t("dashboard.decisions.count", { count: item.count, queue: name })} className="dashboard__badge">
                    {item.count}
                  </Link>
                }
              >
                <strong>{name}</strong>
                {item.oldest && (
                  <div>
                    <Link to={approvalPagePath(item.oldest.id)}>{t("dashboard.decisions.oldest", { title: item.oldest.title })}</Link>
                    <span className="text-secondary"> · {t("dashboard.ageWaiting", { age: ageOf(item.oldest.submitted_at, now) })}</span>
                  </div>
                )}
              </Entry>
            );
          })}
        </Entries>
      ) : (
        <p className="text-secondary dashboard__none">{t("dashboard.decisions.none")}</p>
      )}
    </Block>
  );
}
