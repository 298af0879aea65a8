// What a list's rows may do, asked once per list: the answers depend on the resource and the
// mode, not the row (the access-control provider reads them from the session's permission matrix),
// so one question each replaces one per row and button (dozens of queries, each its own re-render).
import { useMemo } from "react";
import { useCan } from "@refinedev/core";
import type { ResourceDefinition } from "../../../resources/types";
import { session } from "../../../providers/session";
import type { Row } from "./model";

export interface RowAccess {
  edit: boolean;
  review: boolean;
  actions: Record<string, boolean>;
  delete: (record: Row) => boolean;
  /** Every answer is in: rows drawn before would be drawn again when they arrive. */
  known: boolean;
}

const modeAction = (mode: string) => (mode === "read" ? "show" : mode === "update" ? "edit" : mode);

export function useRowAccess(definition: ResourceDefinition, anyPending: boolean): RowAccess {
  const resource = definition.name;
  const edit = useCan({ resource, action: "edit" });
  const remove = useCan({ resource, action: "delete", queryOptions: { enabled: !definition.noDelete } });
  const review = useCan({ action: "list", params: { permissionKey: "approval_management" }, queryOptions: { enabled: anyPending } });
  // A definition has a handful of record actions at most, always the same ones: one question per mode.
  const modes = [...new Set((definition.recordActions ?? []).map((a) => modeAction(a.mode)))];
  const byModeQueries = modes.map(
    // eslint-disable-next-line react-hooks/rules-of-hooks -- the modes come from the definition, fixed for the list's life
    (action) => [action, useCan({ resource, action })] as const,
  );
  const byMode = Object.fromEntries(byModeQueries.map(([action, query]) => [action, query.data?.can === true]));
  // A disabled question (no delete, nothing pending to review) counts as answered.
  const known = ![edit, remove, review, ...byModeQueries.map(([, query]) => query)].some((query) => query.isLoading && query.fetchStatus !== "idle");
  const [canEdit, canReview, canDelete] = [edit.data?.can === true, review.data?.can === true, remove.data?.can === true];
  const actionModes = JSON.stringify(byMode);
  // The same object while the answers stay the same: the list's columns, and so its rows, are
  // built again only when what a row may do has changed.
  return useMemo(() => {
    const user = session.getUser();
    return {
      edit: canEdit,
      review: canReview,
      actions: Object.fromEntries((definition.recordActions ?? []).map((a) => [a.name, byMode[modeAction(a.mode)] === true])),
      // The provider refuses a user's deleting their own account where the definition says so.
      delete: (record: Row) => canDelete && !(definition.noSelfDelete && user && String(record.id) === String(user.id)),
      known,
    };
  }, [definition, canEdit, canReview, canDelete, actionModes, known]); // eslint-disable-line react-hooks/exhaustive-deps
}
