// The approval queues: /api/approvals lists, counts, shows and decides change requests. Seeing a
// queue needs approval_management read at the caller's center, deciding needs update; a center's
// reviewers never reach another center's requests (superadmins reach all, and filter by center).
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { ApprovalDetail, ApprovalRequest, BulkResult } from "../../protocol/api.js";
import { scheduleOf, type Mode, type ResourceDefinition } from "../../resources/types.js";
import type { Schedule } from "../schedule/schedule.js";
import { zoneOfCenter } from "../schedule/zones.js";
import { localizeDefinition } from "../../resources/compile.js";
import { requestLanguage, type Language } from "../http/language.js";
import { allows } from "../lib/permissions.js";
import { NO_PERMISSION } from "../plugins/auth.js";
import { badRequest, forbidden, HttpError, notFound } from "../plugins/errors.js";
import { paginated } from "../http/crud.js";
import { CHOOSE_CENTER, NOT_FOUND } from "../documents/routes.js";
import type { Scope } from "../documents/query.js";
import { getDocument, liveData } from "../documents/repository.js";
import { changedFields, snapshot } from "../documents/snapshots.js";
import { countOpen, getRequest, listRequests, nextOpen, requestsOfDocument, type ChangeRequest, type QueueFilter } from "./requests.js";
import { decide, DecisionConflict, REASON_REQUIRED, type DecisionInput } from "./workflow.js";
import { approvalSchemas } from "./schemas.js";

export interface ApprovalRoutesOptions {
  definitions: readonly ResourceDefinition[];
}

/** The queues named by the definitions, each with the resources that send changes to it. */
export function queuesOf(definitions: readonly ResourceDefinition[]): Map<string, ResourceDefinition[]> {
  const queues = new Map<string, ResourceDefinition[]>();
  for (const def of definitions) {
    if (!def.approval) continue;
    queues.set(def.approval.queue, [...(queues.get(def.approval.queue) ?? []), def]);
  }
  return queues;
}

const approvalRoutes: FastifyPluginAsyncTypebox<ApprovalRoutesOptions> = async (app, { definitions }) => {
  const queues = queuesOf(definitions);
  const byName = new Map(definitions.filter((d) => d.approval).map((d) => [d.name, d]));
  const allResources = [...byName.keys()];
  // A request's kind ("Post") in the language the caller reads.
  const labelsIn: Record<Language, Map<string, string>> = {
    en: new Map([...byName.values()].map((d) => [d.name, d.label])),
    id: new Map([...byName.values()].map((d) => [d.name, localizeDefinition(d, "id").label])),
  };
  const schemas = approvalSchemas([...queues.keys()]);

  /** Who may see (read) or decide (update) requests, and at which centers; 403 otherwise. */
  function scopeOf(request: FastifyRequest, mode: Mode, centerFilter?: string): Scope {
    if (!request.user.isSuperadmin && !request.center) throw forbidden(CHOOSE_CENTER);
    if (!allows(request.permissions, "approval_management", mode)) throw forbidden(NO_PERMISSION);
    if (request.center) return { kind: "center", code: request.center.center_code };
    return centerFilter ? { kind: "all", filter: centerFilter } : { kind: "all" };
  }
  const mayDecide = (request: FastifyRequest) => allows(request.permissions, "approval_management", "update");
  /** What the caller may decide: nobody decides their own change, except a superadmin. */
  const decidable = (request: FastifyRequest) => (request.user.isSuperadmin ? undefined : request.user.id);

  /** A request as the API answers it: the grid queues carry their proposal, the others a thumbnail only. */
  function present(r: ChangeRequest, request: FastifyRequest): ApprovalRequest {
    const def = byName.get(r.resource);
    const image = def?.fields.find((f) => f.type === "image");
    const grid = !!def && !!def.approval && def.approval.layout === "grid";
    return {
      ...r,
      queue: def && def.approval ? def.approval.queue : null,
      record_id: r.document_id,
      resource_label: labelsIn[requestLanguage(request.headers["accept-language"])].get(r.resource) ?? r.resource,
      image: image && typeof r.proposed?.[image.name] === "string" ? (r.proposed[image.name] as string) : null,
      proposed: grid ? snapshot(def!, r.proposed) : null,
    };
  }

  app.get("/api/approvals", { schema: schemas.list }, async (request) => {
    const query = request.query;
    const scope = scopeOf(request, "read", query.center_code);
    const resources = query.queue ? (queues.get(query.queue) ?? []).map((d) => d.name) : allResources;
    const me = request.user.id;
    const filter: QueueFilter = {
      resources,
      status: query.status,
      scope,
      q: query.q,
      newestFirst: query.sort === "-submitted_at",
      ...(query.submitted_by === "me" && { onlySubmitter: me }),
      ...(query.submitted_by === "others" && { excludeSubmitter: me }),
    };
    const { docs, totalDocs } = await listRequests(app.db, filter, query.page, query.limit);
    return {
      statusCode: 200,
      data: paginated(
        docs.map((d) => present(d, request)),
        totalDocs,
        query.page,
        query.limit,
      ),
    };
  });

  app.get("/api/approvals/counts", { schema: schemas.counts }, async (request) => {
    const scope = scopeOf(request, "read");
    const counts: Record<string, number> = Object.fromEntries([...queues.keys()].map((q) => [q, 0]));
    if (mayDecide(request)) {
      const perResource = await countOpen(app.db, allResources, scope, decidable(request));
      for (const [queue, defs] of queues) counts[queue] = defs.reduce((n, d) => n + (perResource.get(d.name) ?? 0), 0);
    }
    return { statusCode: 200, data: counts };
  });

  app.get("/api/approvals/:id", { schema: schemas.show }, async (request) => {
    const { id } = request.params;
    const scope = scopeOf(request, "read");
    const r = await getRequest(app.db, scope, id);
    const def = r && byName.get(r.resource);
    if (!r || !def) throw notFound(NOT_FOUND);
    const record = await getDocument(app.db, def, { kind: "all" }, r.document_id);
    const live = await liveData(app.db, r.document_id);
    const proposed = snapshot(def, r.proposed);
    const waiting = (await app.db.query<{ next_data: Record<string, unknown> | null }>("SELECT next_data FROM documents WHERE id = $1", [r.document_id]))
      .rows[0]?.next_data;
    const scheduled = waiting ? snapshot(def, waiting) : null;
    // Against the latest approved content: a version waiting for its go-live, else the live one.
    const before = scheduled ?? (live.data ? snapshot(def, live.data) : null);
    const canDecide = r.status === "pending" && mayDecide(request) && (request.user.isSuperadmin || r.submitted_by !== request.user.id);
    // The schedule is part of the change: what it moves shows with the fields it changes.
    const schedule = scheduleOf(def) ? ((record?.schedule as Schedule | undefined) ?? { go_live_at: null, take_down_at: null }) : null;
    const scheduleChanges =
      schedule && r.change !== "delete"
        ? (["go_live_at", "take_down_at"] as const).filter((f) => schedule[f] !== r[f]).map((f) => ({ field: f, before: schedule[f], after: r[f] }))
        : [];
    const queue = def.approval ? queues.get(def.approval.queue)!.map((d) => d.name) : [r.resource];
    const next = mayDecide(request) ? await nextOpen(app.db, { resources: queue, status: "pending", scope, excludeSubmitter: decidable(request) }, r.id) : null;
    return {
      statusCode: 200,
      data: {
        ...present(r, request),
        // The record's version now: send it back with the decision, so a proposal changed since is not decided blind.
        version: record?.version ?? r.version,
        proposed,
        live: live.data ? snapshot(def, live.data) : null,
        scheduled,
        live_version: live.version,
        changes: [...changedFields(def, before, r.change === "delete" ? null : proposed), ...scheduleChanges],
        can_decide: canDecide,
        history: (await requestsOfDocument(app.db, r.document_id, r.id)).map((h) => ({ ...present(h, request), proposed: null })),
        next_id: next,
        schedule,
        center_time_zone: (record?.center_time_zone as string | undefined) ?? (await zoneOfCenter(app.db, r.center_code)),
      } satisfies ApprovalDetail,
    };
  });

  async function decideOne(request: FastifyRequest, id: number, input: DecisionInput) {
    const scope = scopeOf(request, "update");
    const actor = { id: request.user.id, name: request.user.fullname, sessionId: request.user.sessionId, isSuperadmin: request.user.isSuperadmin };
    const result = await app.db.transaction((tx) => decide(tx, (name) => byName.get(name), scope, id, { ...input, now: app.clock() }, actor));
    if (result instanceof DecisionConflict) return result;
    const def = byName.get(result.resource);
    if (def) app.changes.publish("decision", { def, request: result, actor: { id: actor.id, name: actor.name } });
    return result;
  }

  const reply409 = (reply: FastifyReply, conflict: DecisionConflict) =>
    reply.code(409).send({ statusCode: 409, message: conflict.message, data: { current: present(conflict.current, reply.request) } });

  app.post("/api/approvals/:id/approve", { schema: schemas.approve }, async (request, reply) => {
    const { id } = request.params;
    const body = request.body ?? {};
    const result = await decideOne(request, id, { action: "approve", comment: body.comment, version: body.version });
    if (result instanceof DecisionConflict) return reply409(reply, result);
    return { statusCode: 200, message: "Approved", data: present(result, request) };
  });

  app.post("/api/approvals/:id/reject", { schema: schemas.reject }, async (request, reply) => {
    const { id } = request.params;
    const body = request.body;
    const result = await decideOne(request, id, { action: "reject", reason: body.reason, version: body.version });
    if (result instanceof DecisionConflict) return reply409(reply, result);
    return { statusCode: 200, message: "Rejected", data: present(result, request) };
  });

  app.post("/api/approvals/bulk", { schema: schemas.bulk }, async (request) => {
    const body = request.body;
    // Asked once for the whole batch: no permission or no reason, no decision at all.
    scopeOf(request, "update");
    if (body.action === "reject" && !body.reason?.trim()) throw badRequest({ reason: REASON_REQUIRED });
    const succeeded: number[] = [];
    const failed: { id: number; statusCode: number; message: string }[] = [];
    // Each on its own transaction: one refusal does not undo the others.
    for (const id of [...new Set(body.ids)]) {
      try {
        const result = await decideOne(request, id, { action: body.action, reason: body.reason, comment: body.comment });
        if (result instanceof DecisionConflict) failed.push({ id, statusCode: 409, message: result.message });
        else succeeded.push(id);
      } catch (err) {
        if (!(err instanceof HttpError)) throw err;
        failed.push({ id, statusCode: err.statusCode, message: err.errors ? Object.values(err.errors).join("; ") : err.message });
      }
    }
    const verb = body.action === "approve" ? "approved" : "rejected";
    const message = failed.length > 0 ? `${succeeded.length} ${verb}, ${failed.length} failed` : `${succeeded.length} ${verb}`;
    return { statusCode: 200, message, data: { succeeded, failed } satisfies BulkResult };
  });
};

export default approvalRoutes;
