// Where a calendar entry opens. A change waiting for approval may move or drop the transition, and
// the record's edit page would only say it is locked by that change: a reviewer (who may read
// requests) gets the request. Anyone else gets the record, which says what waits.
import type { CalendarEntry } from "../../../protocol/api";
import { resourceByName } from "../../app/definitions";
import { approvalPagePath } from "../approvals/queues";
import { editPath } from "../resources/model";

export function entryPath(entry: Pick<CalendarEntry, "resource" | "record_id" | "request_id">, mayReadRequests: boolean): string | undefined {
  if (entry.request_id !== null && mayReadRequests) return approvalPagePath(entry.request_id);
  const definition = resourceByName(entry.resource);
  return definition ? editPath(definition, entry.record_id) : undefined;
}
