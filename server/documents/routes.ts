// The generic documents engine: for every definition, /api/<name> list, get, create, update
// (optimistic locking), soft delete — permission-checked at the caller's center.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { bodySchema, listQuerySchema } from "../../resources/compile.js";
import type { Mode, ResourceDefinition } from "../../resources/types.js";
import type { Db } from "../db/client.js";
import { allows } from "../lib/permissions.js";
import { NO_PERMISSION } from "../plugins/auth.js";
import { badRequest, conflict, forbidden, HttpError, notFound, type FieldErrors } from "../plugins/errors.js";
import { isUniqueViolation, paginated, Stale, staleBody } from "../routes/crud.js";
import { Id } from "../routes/schemas.js";
import type { Scope } from "./query.js";
import {
  deleteDocument,
  getDocument,
  hasLiveRecord,
  insertDocument,
  listDocuments,
  referenceExists,
  uniqueClashes,
  updateDocument,
  type Actor,
  type Doc,
} from "./repository.js";
import { errorResponse, listResponse, writeResponse } from "./schemas.js";
import { prepareData, searchText, type DocData } from "./values.js";

export const CHOOSE_CENTER = "Choose a center first";
export const SINGLETON_TAKEN = "This center already has one";
const NOT_FOUND = "Not found";

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

const guard = (def: ResourceDefinition, mode: Mode) => async (request: FastifyRequest) => {
  accessScope(request, def, mode);
};

const actorOf = (request: FastifyRequest): Actor => ({ id: request.user.id, name: request.user.fullname });
const noteOf = (body: Record<string, unknown>) => (typeof body.change_note === "string" && body.change_note.trim() ? body.change_note.trim() : null);

const documentRoutes: FastifyPluginAsync<DocumentRoutesOptions> = async (app, { definitions }) => {
  const byName = new Map(definitions.map((d) => [d.name, d]));
  const statusOf = (def: ResourceDefinition) => (def.approval ? "pending" : "published");

  /** Unique values and references, checked in the write's transaction; merged with the earlier errors. */
  async function checkData(tx: Db, def: ResourceDefinition, centerCode: string | null, data: DocData, exceptId: number | null, errors: FieldErrors) {
    for (const field of def.fields) {
      if (field.type !== "reference" || data[field.name] === null || errors[field.name]) continue;
      const target = byName.get(field.resource);
      if (!target || !(await referenceExists(tx, target, centerCode, Number(data[field.name])))) errors[field.name] = "does not exist";
    }
    for (const name of await uniqueClashes(tx, def, centerCode, data, exceptId)) errors[name] ??= "is already in use";
    if (Object.keys(errors).length > 0) throw badRequest(errors);
  }

  /** Two saves that raced past the checks: the unique indexes refuse the second one. */
  function uniqueRace(def: ResourceDefinition, err: unknown): unknown {
    if (!isUniqueViolation(err)) return err;
    const constraint = String((err as { constraint?: string }).constraint ?? "");
    const field = def.fields.find((f) => f.unique && constraint.includes(`_${f.name}_uq_`)) ?? (constraint ? undefined : def.fields.find((f) => f.unique));
    if (field) return badRequest({ [field.name]: "is already in use" });
    if (def.singleton) return conflict(SINGLETON_TAKEN);
    return err;
  }

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
    const params = { type: "object", properties: { id: Id }, required: ["id"] };

    app.get(
      base,
      { preValidation: [app.authenticate, guard(def, "read")], schema: { querystring: listQuerySchema(def), response: { 200: listResponse(def), ...errors } } },
      async (request) => {
        const query = request.query as Record<string, unknown> & { page: number; limit: number; center_code?: string };
        let scope = accessScope(request, def, "read");
        if (scope.kind === "all" && query.center_code) scope = { kind: "all", filter: query.center_code };
        const { docs, totalDocs } = await listDocuments(app.db, def, scope, query, query.page, query.limit);
        return { statusCode: 200, data: paginated(docs, totalDocs, query.page, query.limit) };
      },
    );

    app.get(
      `${base}/:id`,
      { preValidation: [app.authenticate, guard(def, "read")], schema: { params, response: { 200: listResponse(def), ...errors } } },
      async (request) => {
        const { id } = request.params as { id: number };
        const doc = await getDocument(app.db, def, accessScope(request, def, "read"), id);
        if (!doc) throw notFound(NOT_FOUND);
        return { statusCode: 200, data: paginated([doc], 1, 1, 1) };
      },
    );

    app.post(
      base,
      { preValidation: [app.authenticate, guard(def, "create")], schema: { body: bodySchema(def, "create"), response: { 200: writeResponse(def), ...errors } } },
      async (request) => {
        const body = request.body as Record<string, unknown>;
        const scope = accessScope(request, def, "create");
        const centerCode = await centerForCreate(def, scope, body);
        const { data, errors: fieldErrors } = prepareData(def, body);
        try {
          const doc = await app.db.transaction(async (tx) => {
            if (def.singleton && (await hasLiveRecord(tx, def, centerCode))) throw conflict(SINGLETON_TAKEN);
            await checkData(tx, def, centerCode, data, null, fieldErrors);
            const status = statusOf(def);
            return insertDocument(tx, def, actorOf(request), { centerCode, data, searchText: searchText(def, data), status, note: noteOf(body) });
          });
          return { statusCode: 200, message: `${def.label} created`, data: doc };
        } catch (err) {
          throw uniqueRace(def, err);
        }
      },
    );

    app.put(
      `${base}/:id`,
      { preValidation: [app.authenticate, guard(def, "update")], schema: { params, body: bodySchema(def, "update"), response: { 200: writeResponse(def), 409: errorResponse(def), ...errors } } },
      async (request, reply: FastifyReply) => {
        const { id } = request.params as { id: number };
        const body = request.body as Record<string, unknown> & { version: number };
        const scope = accessScope(request, def, "update");
        const { data, errors: fieldErrors } = prepareData(def, body);
        let result: Doc | Stale<Doc>;
        try {
          result = await app.db.transaction(async (tx): Promise<Doc | Stale<Doc>> => {
            const current = await getDocument(tx, def, scope, id, true);
            if (!current) throw notFound(NOT_FOUND);
            if (current.version !== body.version) return new Stale(current);
            await checkData(tx, def, current.center_code, data, id, fieldErrors);
            const change = { data, searchText: searchText(def, data), status: statusOf(def), note: noteOf(body) };
            const updated = await updateDocument(tx, def, actorOf(request), id, body.version, change);
            if (updated) return updated;
            const now = await getDocument(tx, def, scope, id);
            if (!now) throw notFound(NOT_FOUND);
            return new Stale(now);
          });
        } catch (err) {
          throw uniqueRace(def, err);
        }
        if (result instanceof Stale) return reply.code(409).send(staleBody(result.current));
        return { statusCode: 200, message: `${def.label} saved`, data: result };
      },
    );

    app.delete(
      `${base}/:id`,
      { preValidation: [app.authenticate, guard(def, "delete")], schema: { params, response: { 200: writeResponse(def), ...errors } } },
      async (request) => {
        // Decision: a definition with noDelete answers 405 (the method exists, this resource refuses it).
        if (def.noDelete) throw new HttpError(405, `${def.labelPlural} cannot be deleted`);
        const { id } = request.params as { id: number };
        const scope = accessScope(request, def, "delete");
        const doc = await app.db.transaction(async (tx) => {
          const current = await getDocument(tx, def, scope, id, true);
          if (!current) throw notFound(NOT_FOUND);
          const deleted = await deleteDocument(tx, def, actorOf(request), id, null);
          if (!deleted) throw notFound(NOT_FOUND);
          return deleted;
        });
        return { statusCode: 200, message: `${def.label} deleted`, data: doc };
      },
    );
  }
};

export default documentRoutes;
