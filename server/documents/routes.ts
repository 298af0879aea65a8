// The generic documents engine: for every definition, /api/<name> list, get, create, update
// (optimistic locking), soft delete — permission-checked at the caller's center.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { Type } from "typebox";
import { bodySchema, listQuerySchema } from "../../resources/compile.js";
import type { Mode, ResourceDefinition } from "../../resources/types.js";
import { allows } from "../lib/permissions.js";
import { NO_PERMISSION } from "../plugins/auth.js";
import { createRecord, deleteRecord, updateRecord } from "../approvals/workflow.js";
import { badRequest, conflict, forbidden, HttpError, notFound } from "../plugins/errors.js";
import { paginated, Stale, staleBody } from "../http/crud.js";
import { ErrorBody, Id } from "../http/schemas.js";
import { dataChecks, SINGLETON_TAKEN } from "./checks.js";
import type { Scope } from "./query.js";
import { getDocument, hasLiveRecord, listDocuments, type Actor, type Doc } from "./repository.js";
import { errorResponse, listResponse, writeResponse } from "./schemas.js";
import { prepareData } from "./values.js";
import { resolveSchedule, type Schedule } from "../schedule/schedule.js";

export const CHOOSE_CENTER = "Choose a center first";
export { SINGLETON_TAKEN };
export const NOT_FOUND = "Not found";

export interface DocumentRoutesOptions {
  definitions: readonly ResourceDefinition[];
}

/** Who may call, and which rows they reach; throws 403 otherwise. */
export function accessScope(request: FastifyRequest, def: ResourceDefinition, mode: Mode): Scope {
  if (def.scope === "center" && !request.user.isSuperadmin && !request.center) throw forbidden(CHOOSE_CENTER);
  const open = def.openModes?.includes(mode) ?? false;
  if (!open && !allows(request.permissions, def.permissionKey, mode)) throw forbidden(NO_PERMISSION);
  if (def.scope === "global") return { kind: "global" };
  if (request.center) return { kind: "center", code: request.center.center_code };
  return { kind: "all" };
}

declare module "fastify" {
  interface FastifyRequest {
    /** The rows the caller reaches, decided once, before validation, by the route's guard. */
    scope: Scope;
  }
}

const guard = (def: ResourceDefinition, mode: Mode) => async (request: FastifyRequest) => {
  request.scope = accessScope(request, def, mode);
};

export const actorOf = (request: FastifyRequest): Actor => ({ id: request.user.id, name: request.user.fullname, sessionId: request.user.sessionId });
/** A scheduled type's record's working schedule (what a write that leaves the schedule out keeps). */
export const workingSchedule = (doc: Doc): Schedule => ({
  go_live_at: (doc.go_live_at as string | null | undefined) ?? null,
  take_down_at: (doc.take_down_at as string | null | undefined) ?? null,
});

export const noteOf = (body: Record<string, unknown>, key = "change_note") =>
  typeof body[key] === "string" && (body[key] as string).trim() ? (body[key] as string).trim() : null;

/** The types the definition-derived schemas validate (handlers read them without casts). */
type Body = Record<string, unknown>;
type ListQuery = Record<string, unknown> & { page: number; limit: number; center_code?: string };

const documentRoutes: FastifyPluginAsyncTypebox<DocumentRoutesOptions> = async (app, { definitions }) => {
  app.decorateRequest("scope", null as never);
  const { checkData, uniqueRace } = dataChecks(definitions);
  const submitted = (def: ResourceDefinition, done: string) => (def.approval ? `${def.label} submitted for approval` : `${def.label} ${done}`);

  async function centerForCreate(def: ResourceDefinition, scope: Scope, body: Record<string, unknown>) {
    if (def.scope === "global") return null;
    if (scope.kind === "center") return scope.code;
    // A superadmin working across centers names the center of the new record.
    const code = typeof body.center_code === "string" ? body.center_code.trim() : "";
    const { rows } = code ? await app.db.query("SELECT 1 FROM centers WHERE center_code = $1", [code]) : { rows: [] };
    if (rows.length === 0) throw badRequest({ center_code: "Choose a center" });
    return code;
  }

  for (const def of definitions) {
    const base = `/api/${def.name}`;
    const errors = { "4xx": errorResponse(def), "5xx": errorResponse(def) };
    const params = Type.Unsafe<{ id: number }>({ type: "object", properties: { id: Id }, required: ["id"] });
    const listQuery = Type.Unsafe<ListQuery>(listQuerySchema(def));
    const createBody = Type.Unsafe<Body>(bodySchema(def, "create"));
    const updateBody = Type.Unsafe<Body & { version: number }>(bodySchema(def, "update"));

    app.get(
      base,
      { preValidation: [guard(def, "read")], schema: { querystring: listQuery, response: { 200: listResponse(def), ...errors } } },
      async (request) => {
        const query = request.query;
        let scope = request.scope;
        if (scope.kind === "all" && query.center_code) scope = { kind: "all", filter: query.center_code };
        const { docs, totalDocs } = await listDocuments(app.db, def, scope, query, query.page, query.limit, { now: app.clock() });
        return { statusCode: 200, data: paginated(docs, totalDocs, query.page, query.limit) };
      },
    );

    app.get(`${base}/:id`, { preValidation: [guard(def, "read")], schema: { params, response: { 200: listResponse(def), ...errors } } }, async (request) => {
      const { id } = request.params;
      const doc = await getDocument(app.db, def, request.scope, id);
      if (!doc) throw notFound(NOT_FOUND);
      return { statusCode: 200, data: paginated([doc], 1, 1, 1) };
    });

    app.post(
      base,
      {
        preValidation: [guard(def, "create")],
        schema: {
          body: createBody,
          response: { 200: writeResponse(def), ...(def.singleton && { 409: { ...ErrorBody, description: SINGLETON_TAKEN } }), ...errors },
        },
      },
      async (request) => {
        const body = request.body;
        const scope = request.scope;
        const centerCode = await centerForCreate(def, scope, body);
        const { data, errors: fieldErrors } = prepareData(def, body);
        const now = app.clock();
        try {
          const doc = await app.db.transaction(async (tx) => {
            if (def.singleton && (await hasLiveRecord(tx, def, centerCode))) throw conflict(SINGLETON_TAKEN);
            const schedule = await resolveSchedule(tx, def, body, data, centerCode, null, now, fieldErrors);
            await checkData(tx, def, centerCode, data, null, fieldErrors);
            return createRecord(tx, def, actorOf(request), centerCode, data, noteOf(body), { schedule, now });
          });
          app.changes.publish("record", { def, type: "created", record: doc, actor: actorOf(request) });
          return { statusCode: 200, message: submitted(def, "created"), data: doc };
        } catch (err) {
          throw uniqueRace(def, err);
        }
      },
    );

    app.put(
      `${base}/:id`,
      {
        preValidation: [guard(def, "update")],
        schema: { params, body: updateBody, response: { 200: writeResponse(def), 409: errorResponse(def), ...errors } },
      },
      async (request, reply) => {
        const { id } = request.params;
        const body = request.body;
        const scope = request.scope;
        const { data, errors: fieldErrors } = prepareData(def, body);
        const now = app.clock();
        let result: Doc | Stale<Doc>;
        try {
          result = await app.db.transaction(async (tx): Promise<Doc | Stale<Doc>> => {
            const current = await getDocument(tx, def, scope, id, true);
            if (!current) throw notFound(NOT_FOUND);
            if (current.version !== body.version) return new Stale(current);
            const schedule = await resolveSchedule(tx, def, body, data, current.center_code, workingSchedule(current), now, fieldErrors);
            await checkData(tx, def, current.center_code, data, id, fieldErrors);
            const updated = await updateRecord(tx, def, actorOf(request), current, data, noteOf(body), "update", { schedule, now });
            if (updated) return updated;
            const latest = await getDocument(tx, def, scope, id);
            if (!latest) throw notFound(NOT_FOUND);
            return new Stale(latest);
          });
        } catch (err) {
          throw uniqueRace(def, err);
        }
        if (result instanceof Stale) return reply.code(409).send(staleBody(result.current));
        app.changes.publish("record", { def, type: "updated", record: result, actor: actorOf(request) });
        return { statusCode: 200, message: submitted(def, "saved"), data: result };
      },
    );

    app.delete(
      `${base}/:id`,
      { preValidation: [guard(def, "delete")], schema: { params, response: { 200: writeResponse(def), ...errors } } },
      async (request) => {
        // Decision: a definition with noDelete answers 405 (the method exists, this resource refuses it).
        if (def.noDelete) throw new HttpError(405, `${def.labelPlural} cannot be deleted`);
        const { id } = request.params;
        const scope = request.scope;
        const { doc, requested } = await app.db.transaction(async (tx) => {
          const current = await getDocument(tx, def, scope, id, true);
          if (!current) throw notFound(NOT_FOUND);
          return deleteRecord(tx, def, actorOf(request), current, null);
        });
        // A deletion awaiting approval leaves the record in place: it changed, it is not gone yet.
        app.changes.publish("record", { def, type: requested ? "updated" : "deleted", record: doc, actor: actorOf(request) });
        const message = requested ? `Deletion of ${def.label.toLowerCase()} submitted for approval` : `${def.label} deleted`;
        return { statusCode: 200, message, data: doc };
      },
    );
  }
};

export default documentRoutes;
