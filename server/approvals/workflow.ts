// The approval workflow. A record of a type with approval has a live version (the last approved
// one, or none yet) and at most one open change request; saves and deletions propose, decisions
// make a proposal live or keep the live version. Types without approval go live on every save.
// Every function here runs inside the caller's transaction, so a change, its request, its version
// row and its audit row commit together or not at all.
import { scheduleOf, type ResourceDefinition } from "../../resources/types.js";
import type { Db } from "../db/client.js";
import { deleteDocument, getDocument, GONE, insertDocument, liveData, transition, updateDocument, type Actor, type Doc } from "../documents/repository.js";
import { syncBusinessHours } from "../reports/businessHours.js";
import { recordFact } from "../reports/facts.js";
import { goesLiveLater, type Schedule } from "../schedule/schedule.js";
import { syncCenterZone } from "../schedule/zones.js";
import { searchText, type DocData } from "../documents/values.js";
import { badRequest, forbidden, notFound } from "../plugins/errors.js";
import type { Scope } from "../documents/query.js";
import { documentOf, getRequest, openRequest, recordDecision, withdrawOpenRequest, type ChangeRequest } from "./requests.js";

export const OWN_CHANGE = "You cannot decide on your own change";
export const NOT_OPEN = "This request has already been decided";
export const CHANGED_SINCE = "This request was changed since you opened it";
export const REASON_REQUIRED = "Give a reason, so the author knows what to change";
export const TAKE_DOWN_PASSED = "This change was to come down at a time that has passed: reject it, so the author can set a new schedule";
const NOT_FOUND = "Not found";

const everywhere: Scope = { kind: "all" };
const titleOf = (def: ResourceDefinition, data: DocData) => String(data[def.titleField] ?? "");

/** Re-reads a record after its request changed, so the answer carries its review state. */
async function reread(tx: Db, def: ResourceDefinition, id: number): Promise<Doc> {
  return (await getDocument(tx, def, everywhere, id))!;
}

/** When a write happens and what schedule it carries (a scheduled type's; none: live at once, stays). */
export interface Timing {
  schedule?: Schedule | null;
  /** The app's clock: whether a go-live lies ahead is judged by it. */
  now?: number;
}

/**
 * A type without approval applies a save's schedule at once: a go-live ahead waits with the saved
 * version as the next one (the live version stays until then); otherwise the save went live and
 * any waiting version is dropped. Either way the take-down is the save's.
 */
async function applySchedule(tx: Db, def: ResourceDefinition, doc: Doc, { schedule, now = Date.now() }: Timing): Promise<Doc> {
  if (!scheduleOf(def) || !schedule) {
    await syncZone(tx, def, doc);
    return doc;
  }
  if (goesLiveLater(schedule, now)) {
    await tx.query("UPDATE documents SET next_data = data, next_version = version, go_live_at = $2, take_down_at = $3, status = 'scheduled' WHERE id = $1", [
      doc.id,
      schedule.go_live_at,
      schedule.take_down_at,
    ]);
  } else {
    await tx.query("UPDATE documents SET next_data = NULL, next_version = NULL, go_live_at = NULL, take_down_at = $2 WHERE id = $1", [
      doc.id,
      schedule.take_down_at,
    ]);
    await syncZone(tx, def, doc);
  }
  return reread(tx, def, doc.id);
}

/**
 * A version of a type that names the center's zone or business-hours fields went live: the center
 * takes its zone and its hours.
 */
export async function syncZone(tx: Db, def: ResourceDefinition, doc: { id: number; center_code: string | null }): Promise<void> {
  if (!def.centerTimeZoneField && !def.centerBusinessHours) return;
  const live = (await liveData(tx, doc.id)).data;
  if (def.centerTimeZoneField) await syncCenterZone(tx, def, doc.center_code, live);
  if (def.centerBusinessHours) await syncBusinessHours(tx, def, doc.center_code, live);
}

export async function createRecord(
  tx: Db,
  def: ResourceDefinition,
  actor: Actor,
  centerCode: string | null,
  data: DocData,
  note: string | null,
  timing: Timing = {},
): Promise<Doc> {
  const later = !def.approval && goesLiveLater(timing.schedule, timing.now ?? Date.now());
  const doc = await insertDocument(tx, def, actor, {
    centerCode,
    data,
    searchText: searchText(def, data),
    status: def.approval ? "pending" : "published",
    note,
    live: !def.approval && !later,
  });
  if (!def.approval) return applySchedule(tx, def, doc, timing);
  await openRequest(tx, actor, {
    documentId: doc.id,
    resource: def.name,
    centerCode,
    version: doc.version,
    change: "create",
    title: titleOf(def, data),
    proposed: data,
    note,
    schedule: timing.schedule,
  });
  return reread(tx, def, doc.id);
}

/**
 * Saves `data` over `current` (read FOR UPDATE at `current.version`). With approval, the live
 * version stays as it is and the change becomes the record's open request (replacing the
 * proposal of one already open; resubmitting a rejected one). Null when the version moved on.
 */
export async function updateRecord(
  tx: Db,
  def: ResourceDefinition,
  actor: Actor,
  current: Doc,
  data: DocData,
  note: string | null,
  action: "update" | "restore" = "update",
  timing: Timing = {},
): Promise<Doc | null> {
  const live = !def.approval && !goesLiveLater(timing.schedule, timing.now ?? Date.now());
  const status = def.approval ? "pending" : "published";
  const updated = await updateDocument(tx, def, actor, current.id, current.version, { data, searchText: searchText(def, data), status, note, live, action });
  if (!updated) return null;
  if (!def.approval) return applySchedule(tx, def, updated, timing);
  const change = current.live_version === null ? "create" : "update";
  await openRequest(tx, actor, {
    documentId: current.id,
    resource: def.name,
    centerCode: current.center_code,
    version: updated.version,
    change,
    title: titleOf(def, data),
    proposed: data,
    note,
    schedule: timing.schedule,
  });
  return reread(tx, def, current.id);
}

/**
 * Deletes `current` (read FOR UPDATE). A live record of an approval type stays live until the
 * deletion is approved (its working copy goes back to the live one); a record never approved is
 * withdrawn at once. `requested` tells which happened.
 */
export async function deleteRecord(
  tx: Db,
  def: ResourceDefinition,
  actor: Actor,
  current: Doc,
  note: string | null,
): Promise<{ doc: Doc; requested: boolean }> {
  if (!def.approval || current.live_version === null) {
    await withdrawOpenRequest(tx, current.id);
    const doc = await deleteDocument(tx, def, actor, current.id, note);
    if (!doc) throw notFound(NOT_FOUND);
    return { doc, requested: false };
  }
  const live = await liveData(tx, current.id);
  const data = live.data ?? {};
  await tx.query("UPDATE documents SET data = live_data, search_text = $2 WHERE id = $1", [current.id, searchText(def, data)]);
  const doc = await transition(tx, def, actor, current.id, { set: "status = 'pending', updated_by = $A", action: "delete", note });
  if (!doc) throw notFound(NOT_FOUND);
  await openRequest(tx, actor, {
    documentId: current.id,
    resource: def.name,
    centerCode: current.center_code,
    version: doc.version,
    change: "delete",
    title: titleOf(def, data),
    proposed: data,
    note,
  });
  return { doc: await reread(tx, def, current.id), requested: true };
}

export interface DecisionInput {
  action: "approve" | "reject";
  reason?: string | null;
  comment?: string | null;
  /** The record's version the reviewer saw; a proposal changed since is not decided. */
  version?: number;
  /** The app's clock: whether the change's go-live lies ahead (it waits) or not (live at once). */
  now?: number;
}

/** A decision that did not happen because the request moved on; the route answers 409 with it. */
export class DecisionConflict {
  constructor(
    public message: string,
    public current: ChangeRequest,
  ) {}
}

const clean = (text: string | null | undefined) => (typeof text === "string" && text.trim() ? text.trim() : null);

/**
 * Approves or rejects request `id`. The record is locked before the request, in the same order as
 * every save takes them, so concurrent decisions queue: the first decides, the rest find the
 * request closed (409).
 */
export async function decide(
  tx: Db,
  definitionOf: (resource: string) => ResourceDefinition | undefined,
  scope: Scope,
  id: number,
  input: DecisionInput,
  actor: Actor & { isSuperadmin: boolean },
): Promise<ChangeRequest | DecisionConflict> {
  const reason = clean(input.reason);
  if (input.action === "reject" && !reason) throw badRequest({ reason: REASON_REQUIRED });
  const documentId = await documentOf(tx, id);
  if (documentId === null) throw notFound(NOT_FOUND);
  const locked = await tx.query<{ version: number }>("SELECT version FROM documents WHERE id = $1 FOR UPDATE", [documentId]);
  const request = await getRequest(tx, scope, id, true);
  const def = request && definitionOf(request.resource);
  if (!request || !def || locked.rows.length === 0) throw notFound(NOT_FOUND);
  if (request.status !== "pending") return new DecisionConflict(NOT_OPEN, request);
  if (!actor.isSuperadmin && request.submitted_by === actor.id) throw forbidden(OWN_CHANGE);
  if (input.version !== undefined && input.version !== locked.rows[0]!.version) return new DecisionConflict(CHANGED_SINCE, request);

  const approve = input.action === "approve";
  const now = input.now ?? Date.now();
  // The change is approved with its schedule: a take-down already past would make it live for nothing.
  const scheduled = !!scheduleOf(def) && approve && request.change !== "delete";
  if (scheduled && request.take_down_at !== null && Date.parse(request.take_down_at) <= now) return new DecisionConflict(TAKE_DOWN_PASSED, request);
  const comment = clean(input.comment);
  await recordDecision(tx, id, actor, { status: approve ? "approved" : "rejected", reason: approve ? null : reason, comment: approve ? comment : null });
  // A global record's request belongs to no center, so no center's report counts it.
  if (request.center_code !== null) {
    await recordFact(tx, {
      kind: "decision",
      centerCode: request.center_code,
      at: now,
      requestId: id,
      startedAt: request.submitted_at,
      user: { id: actor.id, name: actor.name },
      outcome: approve ? "approved" : "rejected",
      resource: request.resource,
    });
  }
  const later = scheduled && goesLiveLater(request, now);
  // Approved: live now (a go-live already passed included), or waiting for its go-live while the
  // live version stays; either replaces a version still waiting from an earlier approval.
  const set = approve
    ? request.change === "delete"
      ? GONE
      : later
        ? "next_data = data, next_version = version + 1, go_live_at = $2, take_down_at = $3, status = 'scheduled'"
        : "live_data = data, live_version = version + 1, live_at = $2, status = 'published', next_data = NULL, next_version = NULL, go_live_at = NULL, take_down_at = $3"
    : request.change === "delete"
      ? "status = 'published'"
      : "status = 'rejected'";
  const params = approve && request.change !== "delete" ? [later ? request.go_live_at : new Date(now).toISOString(), request.take_down_at] : [];
  const doc = await transition(tx, def, actor, documentId, { set, action: input.action, note: approve ? comment : reason, params });
  if (!doc) throw notFound(NOT_FOUND);
  if (approve && !later && request.change !== "delete") await syncZone(tx, def, doc);
  return (await getRequest(tx, everywhere, id))!;
}
