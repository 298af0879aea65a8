// What a list's rows may do, asked once per list: the answers depend on the resource and the
// mode, not the row (the access-control provider reads them from the session's permission matrix),
// so one question each replaces one per row and button (dozens of queries, each its own re-render).
import { useCan } from "@refinedev/core";
import type { ResourceDefinition } from "../../../resources/types";
import { session } from "../../../providers/session";
import type { Row } from "./model";

export interface RowAccess {
  edit: boolean;
  review: boolean;
  actions: Record<string, boolean>;
  delete: (record: Row) => boolean;
}

const modeAction = (mode: string) => (mode === "read" ? "show" : mode === "update" ? "edit" : mode);

export function useRowAccess(definition: ResourceDefinition, anyPending: boolean): RowAccess {
  const resource = definition.name;
  const edit = useCan({ resource, action: "edit" });
  const remove = useCan({ resource, action: "delete", queryOptions: { enabled: !definition.noDelete } });
  const review = useCan({ action: "list", params: { permissionKey: "approval_management" }, queryOptions: { enabled: anyPending } });
  // A definition has a handful of record actions at most, always the same ones: one question per mode.
  const modes = [...new Set((definition.recordActions ?? []).map((a) => modeAction(a.mode)))];
  const byMode = Object.fromEntries(
    // eslint-disable-next-line react-hooks/rules-of-hooks -- the modes come from the definition, fixed for the list's life
    modes.map((action) => [action, useCan({ resource, action }).data?.can === true]),
  );
  const user = session.getUser();
  return {
    edit: edit.data?.can === true,
    review: review.data?.can === true,
    actions: Object.fromEntries((definition.recordActions ?? []).map((a) => [a.name, byMode[modeAction(a.mode)] === true])),
    // The provider refuses a user's deleting their own account where the definition says so.
    delete: (record) => remove.data?.can === true && !(definition.noSelfDelete && user && String(record.id) === String(user.id)),
  };
}
