import { Alert } from "antd";
import { Link } from "react-router";
import { t } from "../../../providers/i18n";
import type { BulkResult } from "./api";
import { approvalPagePath } from "./queues";

export type Kind = "approve" | "reject";

export interface BulkOutcome {
  action: Kind;
  result: BulkResult;
  /** The titles of the requests as they were listed, for the ones that failed. */
  titles: Record<number, string>;
}

/** What a bulk decision did: how many went through, and each that did not, with why. */
export function BulkOutcomeAlert({ outcome, onClose }: { outcome: BulkOutcome; onClose: () => void }) {
  const { action, result, titles } = outcome;
  return (
    <Alert
      className="state-alert"
      type={result.failed.length ? "warning" : "success"}
      showIcon
      closable
      onClose={onClose}
      message={t(`approval.bulk.${action === "approve" ? "approved" : "rejected"}${result.failed.length ? "Result" : "All"}`, {
        ok: result.succeeded.length,
        noun: t(result.succeeded.length === 1 ? "approval.bulk.request" : "approval.bulk.requests"),
        failed: result.failed.length,
      })}
      description={
        result.failed.length ? (
          <ul className="bulk-failures">
            {result.failed.map((f) => (
              <li key={f.id}>
                <Link to={approvalPagePath(f.id)}>{titles[f.id] ?? `#${f.id}`}</Link>: {f.message}
              </li>
            ))}
          </ul>
        ) : undefined
      }
    />
  );
}
