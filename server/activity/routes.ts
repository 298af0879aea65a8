// The activity log (superadmins): every write, from the audit rows the writes already leave — who,
// when, what record, what changed and from where (the sign-in session's address and browser).
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import type { ResourceDefinition } from "../../resources/types.js";
import usersDef from "../../resources/users.js";
import rolesDef from "../../resources/roles.js";
import { localizeDefinition } from "../../resources/compile.js";
import { changedFields } from "../documents/snapshots.js";
import { requestLanguage, type Language } from "../http/language.js";
import { errorResponses, Id, list } from "../http/schemas.js";
import { toInstant } from "../lib/dates.js";
import { forbidden } from "../plugins/errors.js";

export const SUPERADMINS_ONLY = "Only a superadmin can see the activity log";

const Change = Type.Object({ field: Type.String(), label: Type.String(), before: Type.Unknown(), after: Type.Unknown() });
const Entry = Type.Object({
  id: Type.Integer(),
  at: Type.String({ format: "date-time" }),
  action: Type.String(),
  resource: Type.Union([Type.String(), Type.Null()]),
  resource_label: Type.Union([Type.String(), Type.Null()]),
  record_id: Type.Union([Type.String(), Type.Null()]),
  record_title: Type.Union([Type.String(), Type.Null()]),
  center_code: Type.Union([Type.String(), Type.Null()]),
  actor: Type.Union([Type.Object({ id: Type.Integer(), name: Type.String() }), Type.Null()]),
  ip: Type.Union([Type.String(), Type.Null()]),
  user_agent: Type.Union([Type.String(), Type.Null()]),
  changes: Type.Array(Change),
});

const Query = Type.Object(
  {
    user_id: Type.Optional(Id),
    center_code: Type.Optional(Type.String({ maxLength: 40 })),
    resource: Type.Optional(Type.String({ maxLength: 60 })),
    action: Type.Optional(Type.String({ maxLength: 40 })),
    from: Type.Optional(Type.String({ format: "date-time" })),
    to: Type.Optional(Type.String({ format: "date-time" })),
    page: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
    limit: Type.Integer({ minimum: 1, maximum: 100, default: 25 }),
  },
  { additionalProperties: false },
);

const iso = (v: unknown) => new Date(v as string).toISOString();

const activityRoutes: FastifyPluginAsyncTypebox<{ definitions: readonly ResourceDefinition[] }> = async (app, { definitions }) => {
  const all = [...definitions, usersDef, rolesDef];
  // Labels (a record's kind, its fields, a choice's) in the language the caller reads.
  const defsIn: Record<Language, Map<string, ResourceDefinition>> = {
    en: new Map(all.map((d) => [d.name, d])),
    id: new Map(all.map((d) => [d.name, localizeDefinition(d, "id")])),
  };
  // A record's name by its type: documents by their title field, users and roles by theirs.
  const titles = definitions.map((d) => `WHEN '${d.name.replaceAll("'", "''")}' THEN doc.data->>'${d.titleField.replaceAll("'", "''")}'`).join(" ");
  const TITLE = `CASE a.entity ${titles} WHEN 'users' THEN tu.fullname WHEN 'roles' THEN tr.name END`;

  function changesOf(
    defs: Map<string, ResourceDefinition>,
    entity: string,
    detail: Record<string, any> | null,
    before: Record<string, unknown> | null,
    after: Record<string, unknown> | null,
  ) {
    const def = defs.get(entity);
    const fieldOf = (name: string) => def?.fields.find((f) => f.name === name);
    const labelOf = (name: string) => fieldOf(name)?.label ?? name;
    // A choice reads as its label ("Full time"), not its stored value.
    const shown = (name: string, value: unknown) => {
      const field = fieldOf(name);
      const options = field && "options" in field ? field.options : undefined;
      const label = (v: unknown) => options?.find((o) => o.value === v)?.label ?? v;
      return Array.isArray(value) ? value.map(label) : label(value);
    };
    if (def && def.engine !== "custom" && after) {
      return changedFields(def, before, after).map((c) => ({
        ...c,
        label: labelOf(c.field),
        before: shown(c.field, c.before),
        after: shown(c.field, c.after),
      }));
    }
    // Users and roles write their changes as { field: { from, to } }.
    if (!detail) return [];
    return Object.entries(detail)
      .filter(([, v]) => v && typeof v === "object" && "from" in v && "to" in v)
      .map(([field, v]) => ({ field, label: labelOf(field), before: v.from, after: v.to }));
  }

  app.get(
    "/api/activity",
    {
      schema: { tags: ["Activity"], summary: "Every write, newest first (superadmins)", querystring: Query, response: { 200: list(Entry), ...errorResponses } },
    },
    async (request) => {
      const defs = defsIn[requestLanguage(request.headers["accept-language"])];
      if (!request.user.isSuperadmin) throw forbidden(SUPERADMINS_ONLY);
      const q = request.query;
      const params: unknown[] = [];
      const where: string[] = [];
      const add = (v: unknown) => `$${params.push(v)}`;
      if (q.user_id) where.push(`a.actor_id = ${add(q.user_id)}`);
      if (q.center_code) where.push(`a.detail->>'center_code' = ${add(q.center_code)}`);
      if (q.resource) where.push(`a.entity = ${add(q.resource)}`);
      if (q.action) where.push(`a.action = ${add(q.action)}`);
      if (q.from) where.push(`a.at >= ${add(toInstant(q.from))}::timestamptz`);
      if (q.to) where.push(`a.at < ${add(toInstant(q.to))}::timestamptz`);
      const filter = where.length ? `WHERE ${where.join(" AND ")}` : "";
      const [page, count] = await Promise.all([
        app.db.query(
          `WITH page AS (SELECT a.id FROM audit_log a ${filter} ORDER BY a.at DESC, a.id DESC LIMIT ${add(q.limit)} OFFSET ${add((q.page - 1) * q.limit)})
         SELECT a.id::int AS id, a.at, a.action, a.entity, a.entity_id, a.detail, a.actor_id, u.fullname AS actor_name,
                -- A failed sign-in has no session: its address is in its detail.
                COALESCE(s.ip, a.detail->>'ip') AS ip, s.user_agent, ${TITLE} AS title,
                COALESCE(a.detail->>'center_code', doc.center_code) AS center_code,
                v.data AS after, pv.data AS before
         FROM page JOIN audit_log a ON a.id = page.id
         LEFT JOIN users u ON u.id = a.actor_id
         LEFT JOIN sessions s ON s.id = a.session_id
         LEFT JOIN documents doc ON a.entity <> 'users' AND a.entity <> 'roles' AND a.entity_id ~ '^[0-9]{1,18}$' AND doc.id = a.entity_id::bigint
         LEFT JOIN users tu ON a.entity = 'users' AND a.entity_id ~ '^[0-9]{1,9}$' AND tu.id = a.entity_id::int
         LEFT JOIN roles tr ON a.entity = 'roles' AND a.entity_id ~ '^[0-9]{1,9}$' AND tr.id = a.entity_id::int
         LEFT JOIN document_versions v ON v.document_id = doc.id AND v.version = (a.detail->>'version')::int
         LEFT JOIN document_versions pv ON pv.document_id = doc.id AND pv.version = (a.detail->>'version')::int - 1
         ORDER BY a.at DESC, a.id DESC`,
          params,
        ),
        app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log a ${filter}`, params.slice(0, where.length)),
      ]);
      const docs = page.rows.map((r) => ({
        id: r.id,
        at: iso(r.at),
        action: r.action,
        resource: r.entity,
        resource_label: defs.get(r.entity)?.label ?? r.entity,
        record_id: r.entity_id,
        record_title: r.title ?? null,
        center_code: r.center_code ?? null,
        actor: r.actor_id === null ? null : { id: r.actor_id, name: r.actor_name ?? "" },
        ip: r.ip ?? null,
        user_agent: r.user_agent ?? null,
        changes: changesOf(defs, r.entity, r.detail, r.before, r.after),
      }));
      const total = count.rows[0]!.n;
      return { statusCode: 200 as const, data: { docs, totalDocs: total, page: q.page, limit: q.limit, totalPages: Math.max(1, Math.ceil(total / q.limit)) } };
    },
  );
};

export default activityRoutes;
