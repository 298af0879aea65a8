// History of every definition with `history`: a record's versions, one version in full with what
// it changed, a restore (which proposes that content again; it goes live only when approved), and
// every version at one center. Append-only: nothing here rewrites or deletes a version.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { Type } from "typebox";
import type { ResourceDefinition } from "../../resources/types.js";
import { updateRecord } from "../approvals/workflow.js";
import { conflict, forbidden, notFound } from "../plugins/errors.js";
import { paginated, Stale, staleBody } from "../http/crud.js";
import { ErrorBody, Id } from "../http/schemas.js";
import { dataChecks } from "./checks.js";
import { getDocument, liveData, type Doc } from "./repository.js";
import { accessScope, actorOf, NOT_FOUND, noteOf, workingSchedule } from "./routes.js";
import { resolveSchedule } from "../schedule/schedule.js";
import { docSchema } from "./schemas.js";
import { changedFields, snapshot } from "./snapshots.js";
import { prepareData, type DocData } from "./values.js";
import { resourceLiteral } from "./sql.js";

interface VersionRow {
  document_id: string;
  version: number;
  action: string;
  status: string;
  actor_name: string | null;
  at: Date | string;
  note: string | null;
  request_id: string | null;
  data: DocData;
  r_status: string | null;
  decided_by_name: string | null;
  decided_at: Date | string | null;
  reason: string | null;
  comment: string | null;
  live_from: Date | string | null;
  live_until: Date | string | null;
  live_ended: "replaced" | "down" | null;
  go_live_at: Date | string | null;
  take_down_at: Date | string | null;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
export const sameAsLive = (version: number | string) => `Version ${version} is the same as the live version: nothing to restore`;
export const sameAsCurrent = (version: number | string) => `Version ${version} is the same as the current content: nothing to restore`;

const SUBMISSIONS = new Set(["create", "update", "delete", "restore"]);

// When the version was on the website, and whether a newer version took its place then or the
// record came down (taken down, deleted); the schedule its change carried.
const VERSION_COLUMNS = `v.document_id::text, v.version, v.action, v.status, v.actor_name, v.at, v.note, v.request_id::text, v.data,
  r.status AS r_status, r.decided_by_name, r.decided_at, r.reason, r.comment, v.live_from, v.live_until,
  CASE WHEN v.live_until IS NULL THEN NULL
       WHEN EXISTS (SELECT 1 FROM document_versions n WHERE n.document_id = v.document_id AND n.version > v.version AND n.live_from = v.live_until) THEN 'replaced'
       ELSE 'down' END AS live_ended,
  r.go_live_at, r.take_down_at`;

function present(row: VersionRow, liveVersion: number | null) {
  // A submission shows how its request ended; the decision rows carry their own actor and note.
  const decided = SUBMISSIONS.has(row.action) && row.r_status !== null && row.r_status !== "pending";
  return {
    version: row.version,
    action: row.action,
    status: row.status,
    actor_name: row.actor_name,
    at: iso(row.at)!,
    note: row.note,
    request_id: row.request_id === null ? null : Number(row.request_id),
    live: liveVersion !== null && row.version === liveVersion,
    decision: decided ? { status: row.r_status!, by_name: row.decided_by_name, at: iso(row.decided_at), reason: row.reason, comment: row.comment } : null,
    live_from: iso(row.live_from),
    live_until: iso(row.live_until),
    live_ended: row.live_ended,
    go_live_at: iso(row.go_live_at),
    take_down_at: iso(row.take_down_at),
  };
}

const decision = {
  anyOf: [
    { type: "null" },
    {
      type: "object",
      properties: {
        status: { type: "string" },
        by_name: { type: ["string", "null"] },
        at: { type: ["string", "null"] },
        reason: { type: ["string", "null"] },
        comment: { type: ["string", "null"] },
      },
    },
  ],
};
const versionItem = {
  type: "object",
  properties: {
    version: { type: "integer" },
    action: { type: "string" },
    status: { type: "string" },
    actor_name: { type: ["string", "null"] },
    at: { type: "string" },
    note: { type: ["string", "null"] },
    request_id: { type: ["integer", "null"] },
    live: { type: "boolean" },
    decision,
    // When this version went live and came down (null: never, or still live), and how it ended.
    live_from: { type: ["string", "null"] },
    live_until: { type: ["string", "null"] },
    live_ended: { anyOf: [{ type: "null" }, { type: "string", enum: ["replaced", "down"] }] },
    // The schedule the change of this version's request carried (a scheduled type's).
    go_live_at: { type: ["string", "null"] },
    take_down_at: { type: ["string", "null"] },
    record_id: { type: "integer" },
    title: { type: "string" },
  },
};
const anyObject = { type: "object", additionalProperties: true };
const changes = { type: "array", items: { type: "object", properties: { field: { type: "string" }, before: {}, after: {} } } };
const envelope = (data: object) => ({ type: "object", properties: { statusCode: { type: "integer" }, message: { type: "string" }, data } });
const pageOf = (item: object) =>
  envelope({
    type: "object",
    properties: {
      docs: { type: "array", items: item },
      totalDocs: { type: "integer" },
      page: { type: "integer" },
      limit: { type: "integer" },
      totalPages: { type: "integer" },
    },
  });
const paging = {
  page: { type: "integer", minimum: 1, maximum: 100_000, default: 1 },
  limit: { type: "integer", minimum: 1, maximum: 100, default: 20 },
};
const errors = { "4xx": ErrorBody, "5xx": ErrorBody };
const Version = { type: "integer", minimum: 1, maximum: 2_147_483_647 };

const IdParams = Type.Unsafe<{ id: number }>({ type: "object", properties: { id: Id }, required: ["id"] });
const VersionParams = Type.Unsafe<{ id: number; version: number }>({ type: "object", properties: { id: Id, version: Version }, required: ["id", "version"] });
const Paging = Type.Unsafe<{ page: number; limit: number }>({ type: "object", additionalProperties: false, properties: paging });
const CenterPaging = Type.Unsafe<{ center_code?: string; page: number; limit: number }>({
  type: "object",
  additionalProperties: false,
  properties: { center_code: { type: "string", minLength: 1, maxLength: 20 }, ...paging },
});
const RestoreBody = Type.Unsafe<{ note?: string | null } | null>({
  anyOf: [
    { type: "null" },
    { type: "object", additionalProperties: false, properties: { note: { anyOf: [{ type: "string", maxLength: 500 }, { type: "null" }] } } },
  ],
});

const historyRoutes: FastifyPluginAsyncTypebox<{ definitions: readonly ResourceDefinition[] }> = async (app, { definitions }) => {
  const { checkData, uniqueRace } = dataChecks(definitions);

  for (const def of definitions.filter((d) => d.history)) {
    const base = `/api/${def.name}`;
    const tags = [def.name];

    /** The record (read in the caller's scope; 404 outside it) with its live version. */
    async function recordOf(request: FastifyRequest, id: number): Promise<Doc> {
      const doc = await getDocument(app.db, def, accessScope(request, def, "read"), id);
      if (!doc) throw notFound(NOT_FOUND);
      return doc;
    }

    app.get(
      `${base}/versions`,
      {
        schema: {
          tags,
          summary: `Every version of every ${def.label.toLowerCase()} of one center, newest first`,
          querystring: CenterPaging,
          response: { 200: pageOf(versionItem), ...errors },
        },
      },
      async (request) => {
        const query = request.query;
        const scope = accessScope(request, def, "read");
        const center = scope.kind === "center" ? scope.code : (query.center_code ?? null);
        // Staff read their own center's history only, whatever they ask for.
        if (scope.kind === "center" && query.center_code && query.center_code !== scope.code) throw forbidden("You are not assigned to this center");
        const params: unknown[] = [center, query.limit, (query.page - 1) * query.limit];
        const where = `d.resource = ${resourceLiteral(def)} AND ($1::text IS NULL OR v.center_code = $1)`;
        const { rows } = await app.db.query<VersionRow & { live_version: number | null; total: number }>(
          `SELECT ${VERSION_COLUMNS}, d.live_version, (SELECT count(*) FROM document_versions v JOIN documents d ON d.id = v.document_id WHERE ${where})::int AS total
           FROM document_versions v JOIN documents d ON d.id = v.document_id LEFT JOIN change_requests r ON r.id = v.request_id
           WHERE ${where} ORDER BY v.at DESC, v.document_id DESC, v.version DESC LIMIT $2 OFFSET $3`,
          params,
        );
        const docs = rows.map((row) => ({
          ...present(row, row.live_version),
          record_id: Number(row.document_id),
          title: String(row.data[def.titleField] ?? `#${row.document_id}`),
        }));
        const total = rows[0]?.total ?? 0;
        return { statusCode: 200, data: paginated(docs, total, query.page, query.limit) };
      },
    );

    app.get(
      `${base}/:id/versions`,
      {
        schema: {
          tags,
          summary: `The versions of one ${def.label.toLowerCase()}, newest first`,
          params: IdParams,
          querystring: Paging,
          response: { 200: pageOf(versionItem), ...errors },
        },
      },
      async (request) => {
        const { id } = request.params;
        const query = request.query;
        const doc = await recordOf(request, id);
        const { rows } = await app.db.query<VersionRow>(
          `SELECT ${VERSION_COLUMNS} FROM document_versions v LEFT JOIN change_requests r ON r.id = v.request_id
           WHERE v.document_id = $1 ORDER BY v.version DESC LIMIT $2 OFFSET $3`,
          [id, query.limit, (query.page - 1) * query.limit],
        );
        // Versions are numbered 1..n without gaps: the record's version is their count.
        return {
          statusCode: 200,
          data: paginated(
            rows.map((r) => present(r, doc.live_version)),
            doc.version,
            query.page,
            query.limit,
          ),
        };
      },
    );

    app.get(
      `${base}/:id/versions/:version`,
      {
        schema: {
          tags,
          summary: `One version of a ${def.label.toLowerCase()} in full, with its changes`,
          params: VersionParams,
          response: {
            200: envelope({
              type: "object",
              properties: {
                ...versionItem.properties,
                data: anyObject,
                previous_version: { type: ["integer", "null"] },
                changes,
                live_version: { type: ["integer", "null"] },
                live: { anyOf: [{ type: "null" }, anyObject] },
                is_live: { type: "boolean" },
                changes_vs_live: changes,
                record: docSchema(def),
              },
            }),
            ...errors,
          },
        },
      },
      async (request) => {
        const { id, version } = request.params;
        const doc = await recordOf(request, id);
        const { rows } = await app.db.query<VersionRow>(
          `SELECT ${VERSION_COLUMNS} FROM document_versions v LEFT JOIN change_requests r ON r.id = v.request_id
           WHERE v.document_id = $1 AND v.version IN ($2, $2 - 1) ORDER BY v.version DESC`,
          [id, version],
        );
        const row = rows.find((r) => r.version === version);
        if (!row) throw notFound(NOT_FOUND);
        const previous = rows.find((r) => r.version === version - 1) ?? null;
        const data = snapshot(def, row.data);
        const live = await liveData(app.db, id);
        const liveSnapshot = live.data ? snapshot(def, live.data) : null;
        const item = present(row, live.version);
        return {
          statusCode: 200,
          data: {
            ...item,
            is_live: item.live,
            data,
            previous_version: previous?.version ?? null,
            changes: changedFields(def, previous ? snapshot(def, previous.data) : null, data),
            live_version: live.version,
            live: liveSnapshot,
            changes_vs_live: liveSnapshot ? changedFields(def, liveSnapshot, data) : [],
            record: doc,
          },
        };
      },
    );

    app.post(
      `${base}/:id/versions/:version/restore`,
      {
        schema: {
          tags,
          summary: def.approval ? "Propose an earlier version again (it goes live when approved)" : "Bring back an earlier version",
          params: VersionParams,
          body: RestoreBody,
          response: { 200: envelope(docSchema(def)), 409: envelope({ type: "object", properties: { current: docSchema(def) } }), ...errors },
        },
      },
      async (request, reply) => {
        const { id, version } = request.params;
        const scope = accessScope(request, def, "update");
        const extra = noteOf(request.body ?? {}, "note");
        const note = `Restored from version ${version}${extra ? `: ${extra}` : ""}`;
        let result: Doc | Stale<Doc>;
        try {
          result = await app.db.transaction(async (tx): Promise<Doc | Stale<Doc>> => {
            const current = await getDocument(tx, def, scope, id, true);
            if (!current) throw notFound(NOT_FOUND);
            const { rows } = await tx.query<{ data: DocData }>("SELECT data FROM document_versions WHERE document_id = $1 AND version = $2", [id, version]);
            if (!rows[0]) throw notFound(NOT_FOUND);
            // The definition may have changed since: the old content is checked like a new save.
            const { data, errors: fieldErrors } = prepareData(def, rows[0].data);
            // Bringing back what is already there would only make an empty change (and, with
            // approval, a request a reviewer must decide that changes nothing).
            const live = def.approval ? await liveData(tx, id) : null;
            if (live?.data && changedFields(def, snapshot(def, live.data), data).length === 0) throw conflict(sameAsLive(version));
            // A rejected proposal may be proposed again as it was; anything else identical is a no-op.
            const resubmits = current.status === "rejected";
            if (!resubmits && changedFields(def, current, data).length === 0) throw conflict(sameAsCurrent(version));
            // The record's schedule stays (a take-down the restored content dates, if ahead).
            const now = app.clock();
            const schedule = await resolveSchedule(tx, def, {}, data, current.center_code, workingSchedule(current), now, fieldErrors);
            await checkData(tx, def, current.center_code, data, id, fieldErrors);
            const restored = await updateRecord(tx, def, actorOf(request), current, data, note, "restore", { schedule, now });
            return restored ?? new Stale(current);
          });
        } catch (err) {
          throw uniqueRace(def, err);
        }
        if (result instanceof Stale) return reply.code(409).send(staleBody(result.current));
        app.changes.publish("record", { def, type: "updated", record: result, actor: actorOf(request) });
        const message = def.approval ? `Version ${version} restored and submitted for approval` : `Version ${version} restored`;
        return { statusCode: 200, message, data: result };
      },
    );
  }
};

export default historyRoutes;
