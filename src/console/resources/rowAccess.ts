// What a list's rows may do, asked once per list: the answers depend on the resource and the
// mode, not the row (the access-control provider reads them from the session's permission matrix),
// so one question each replaces one per row and button (dozens of queries, each its own re-render).
import { useMemo } from "react";
import { useCan } from "@refinedev/core";
import type { Mode, ResourceDefinition } from "../../../resources/types";
import { isSuperadmin, session } from "../../../providers/session";
import type { Row } from "./model";

export interface RowAccess {
  edit: boolean;
  review: boolean;
  actions: Record<string, boolean>;
  delete: (record: Row) => boolean;
  /** Every answer is in: rows drawn before would be drawn again when they arrive. */
  known: boolean;
}

export function useRowAccess(definition: ResourceDefinition, anyPending: boolean): RowAccess {
  const resource = definition.name;
  // A record action needs one of the four modes: each mode is asked by its own question, always
  // the same ones in the same order, enabled only where the definition has a use for its answer.
  const needs = new Set<Mode>((definition.recordActions ?? []).map((a) => a.mode));
  const show = useCan({ resource, action: "show", queryOptions: { enabled: needs.has("read") } });
  const create = useCan({ resource, action: "create", queryOptions: { enabled: needs.has("create") } });
  const edit = useCan({ resource, action: "edit" });
  const remove = useCan({ resource, action: "delete", queryOptions: { enabled: !definition.noDelete || needs.has("delete") } });
  const review = useCan({ action: "list", params: { permissionKey: "approval_management" }, queryOptions: { enabled: anyPending } });
  // A disabled question (no delete, nothing pending to review, a mode no action needs) counts as answered.
  const known = ![show, create, edit, remove, review].some((query) => query.isLoading && query.fetchStatus !== "idle");
  const [canShow, canCreate, canEdit, canDelete, canReview] = [show, create, edit, remove, review].map((query) => query.data?.can === true);
  // The same object while the answers stay the same: the list's columns, and so its rows, are
  // built again only when what a row may do has changed.
  return useMemo(() => {
    const user = session.getUser();
    const byMode: Record<Mode, boolean> = { read: canShow, create: canCreate, update: canEdit, delete: canDelete };
    return {
      edit: canEdit,
      review: canReview,
      actions: Object.fromEntries((definition.recordActions ?? []).map((a) => [a.name, byMode[a.mode] && (!a.superadminOnly || isSuperadmin(user))])),
      // The provider refuses a user's deleting their own account where the definition says so.
      delete: (record: Row) => !definition.noDelete && canDelete && !(definition.noSelfDelete && user && String(record.id) === String(user.id)),
      known,
    };
  }, [definition, canShow, canCreate, canEdit, canDelete, canReview, known]);
}
