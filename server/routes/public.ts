// The public read API for the school's website: no sign-in, only what was approved. For every
// definition marked `public`, GET /api/public/<name> (newest live first) and
// GET /api/public/<name>/<id> answer the live snapshot (`live_data`) of records that are not
// deleted, without staff-only and create-only fields. A record with no live version is a 404.
// A schedule is applied here, at the instant of each answer (the app's clock), with no job: an
// approved version waiting for its go-live (`next_data`) is served from go_live_at on, instead of
// the version live before it; nothing is served from take_down_at on.
import { createHash } from "node:crypto";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyReply, FastifyRequest } from "fastify";
import { Type } from "typebox";
import type { JsonSchema } from "../../resources/compile.js";
import type { Field, ResourceDefinition } from "../../resources/types.js";
import { resourceLiteral } from "../documents/sql.js";
import { notFound } from "../plugins/errors.js";
import { paginated } from "../http/crud.js";

export interface PublicRoutesOptions {
  /** The documents engine's definitions; only those marked `public` are served. */
  definitions: readonly ResourceDefinition[];
  /** Requests per minute per client IP on these routes. */
  rateLimit: number;
}

export const PUBLIC_PREFIX = "/api/public";
export const PUBLIC_TAG = "Public";
/**
 * A minute of staleness after an approval is fine for the website, and it lets browsers and any
 * CDN in front answer repeat visits without reaching the server; once it expires, the ETag makes
 * the re-check a body-less 304.
 */
export const PUBLIC_CACHE_CONTROL = "public, max-age=60";
/** Seconds an answer may be reused: a minute, or less when a scheduled transition comes sooner. */
export const cacheControl = (nextChange: number | null, now: number) =>
  nextChange === null || nextChange - now >= 60_000 ? PUBLIC_CACHE_CONTROL : `public, max-age=${Math.max(0, Math.floor((nextChange - now) / 1000))}`;
export const UNKNOWN_CENTER = "Unknown center";
const NOT_FOUND = "Not found";

/** The definition's fields the public sees: never staff-only ones, never create-only ones (a password). */
export const publicFields = (def: ResourceDefinition): Field[] => def.fields.filter((f) => !f.staffOnly && !f.createOnly);

const nullable = (schema: JsonSchema): JsonSchema => {
  const type = schema.type as string;
  return { ...schema, type: [type, "null"] };
};

function fieldSchema(field: Field): JsonSchema {
  const description = field.help ? `${field.label}: ${field.help}` : field.label;
  switch (field.type) {
    case "number":
      return nullable({ type: field.integer ? "integer" : "number", description });
    case "reference":
      return nullable({ type: "integer", description: `${description} (id of a ${field.resource} record)` });
    case "boolean":
      return nullable({ type: "boolean", description });
    case "multiselect":
      return nullable({
        type: "array",
        description,
        items: field.options ? { type: "string", enum: field.options.map((o) => o.value) } : { type: "string" },
      });
    case "select":
      return { type: ["string", "null"], enum: [...field.options.map((o) => o.value), null], description };
    case "date":
      return nullable({ type: "string", format: "date", description });
    case "datetime":
      return nullable({ type: "string", format: "date-time", description });
    case "richtext":
      return nullable({ type: "string", description: `${description} (sanitised HTML)` });
    case "image":
      return nullable({ type: "string", description: `${description} (a path under /uploads/ or an absolute URL)` });
    case "url":
      return nullable({ type: "string", format: "uri", description });
    case "email":
      return nullable({ type: "string", format: "email", description });
    default:
      return nullable({ type: "string", description });
  }
}

/** One live record as the public sees it. */
export function publicDocSchema(def: ResourceDefinition): JsonSchema {
  const properties: Record<string, JsonSchema> = { id: { type: "integer", description: "The record's id" } };
  for (const field of publicFields(def)) properties[field.name] = fieldSchema(field);
  Object.assign(properties, {
    center_code: { type: ["string", "null"], description: "The center the record belongs to (null for a school-wide type)" },
    center_web_name: { type: ["string", "null"], description: "The center's name" },
    published_at: { type: "string", format: "date-time", description: "When this version went live (its approval, or its scheduled go-live)" },
  });
  return { type: "object", additionalProperties: false, required: Object.keys(properties), properties };
}

const ErrorBody: JsonSchema = {
  type: "object",
  properties: {
    statusCode: { type: "integer" },
    message: { type: "string" },
    errors: { type: "object", additionalProperties: { type: "string" }, description: "What is wrong with each query parameter" },
  },
  required: ["statusCode", "message"],
};

const cacheHeaders: JsonSchema = {
  ETag: { type: "string", description: "A weak validator of the body: send it back in If-None-Match" },
  "Cache-Control": { type: "string", description: `${PUBLIC_CACHE_CONTROL}, or less when a scheduled go-live or take-down comes sooner` },
};

const errorResponses = (withNotFound: string) => ({
  304: { type: "null", description: "Not modified: the If-None-Match ETag still matches, so the cached body is current" },
  400: { ...ErrorBody, description: "A bad query or path parameter (`errors` names it)" },
  404: { ...ErrorBody, description: withNotFound },
  429: { ...ErrorBody, description: "Too many requests from this address: retry after the `retry-after` seconds" },
});

const ifNoneMatch: JsonSchema = {
  type: "object",
  properties: { "if-none-match": { type: "string", description: "An ETag from an earlier answer: a 304 when it still matches" } },
};

function listQuery(def: ResourceDefinition): JsonSchema {
  return {
    type: "object",
    additionalProperties: false,
    properties: {
      ...(def.scope === "center" && {
        center_code: {
          type: "string",
          minLength: 1,
          maxLength: 20,
          pattern: "^[A-Za-z0-9_-]+$",
          description: "Only this center's records (e.g. JKT01). An unknown center is a 404.",
        },
      }),
      page: { type: "integer", minimum: 1, maximum: 10_000, default: 1, description: "Page number, from 1" },
      limit: { type: "integer", minimum: 1, maximum: 100, default: 10, description: "Records per page, at most 100" },
    },
  };
}

const idParams: JsonSchema = {
  type: "object",
  properties: { id: { type: "integer", minimum: 1, maximum: 2_147_483_647, description: "The record's id" } },
  required: ["id"],
};

/** `center-links` → `CenterLinks`, for operation ids. */
const pascal = (name: string) => name.replace(/(^|[-_])([a-z0-9])/g, (_m, _sep, c: string) => c.toUpperCase());

interface LiveRow {
  id: string;
  data: Record<string, unknown>;
  center_code: string | null;
  center_web_name: string | null;
  live_at: Date | string;
  total_docs?: number;
  next_change?: Date | string | null;
}

function toPublic(def: ResourceDefinition, row: LiveRow): Record<string, unknown> {
  const doc: Record<string, unknown> = { id: Number(row.id) };
  for (const field of publicFields(def)) doc[field.name] = row.data?.[field.name] ?? null;
  doc.center_code = row.center_code;
  doc.center_web_name = row.center_web_name;
  doc.published_at = (row.live_at instanceof Date ? row.live_at : new Date(row.live_at)).toISOString();
  return doc;
}

/** A weak validator: a hash of the exact body. Weak, because a proxy that compresses it keeps it valid. */
export const weakEtag = (body: string | Buffer) => `W/"${createHash("sha1").update(body).digest("base64url")}"`;

/** Weak comparison (RFC 9110 §13.1.2): `*` or any listed tag whose opaque part is the same. */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  const opaque = etag.replace(/^W\//, "");
  return header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === opaque);
}

const publicRoutes: FastifyPluginAsyncTypebox<PublicRoutesOptions> = async (app, { definitions, rateLimit }) => {
  // Any website may read these from its visitors' browsers: nothing here depends on who asks.
  app.addHook("onRequest", async (_request, reply) => {
    reply.header("access-control-allow-origin", "*");
    reply.header("access-control-expose-headers", "ETag");
    reply.header("cross-origin-resource-policy", "cross-origin");
  });

  // ETag over the serialised body, cache headers, and If-None-Match → 304 (successful answers only).
  app.addHook("onSend", async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (reply.statusCode !== 200 || (typeof payload !== "string" && !Buffer.isBuffer(payload))) return payload;
    const etag = weakEtag(payload);
    reply.header("etag", etag);
    // A handler that knows of a transition sooner than a minute away has set a shorter one.
    if (!reply.hasHeader("cache-control")) reply.header("cache-control", PUBLIC_CACHE_CONTROL);
    if (!etagMatches(request.headers["if-none-match"], etag)) return payload;
    reply.code(304);
    reply.removeHeader("content-type");
    reply.removeHeader("content-length");
    return "";
  });

  const config = { rateLimit: { max: rateLimit, timeWindow: "1 minute" } };

  for (const def of definitions.filter((d) => d.public === true)) {
    const resource = resourceLiteral(def);
    const base = `${PUBLIC_PREFIX}/${def.name}`;
    const doc = publicDocSchema(def);
    // $1 is the instant of the answer. What is served: a waiting version (go_live_at always comes
    // with next_data) from its go-live on, else the live version; nothing from the take-down on.
    const inWindow = "(d.go_live_at <= $1 OR d.live_data IS NOT NULL) AND (d.take_down_at IS NULL OR d.take_down_at > $1)";
    const notDown = "(d.take_down_at IS NULL OR d.take_down_at > $1)";
    // The list in two parts, each in its order from an index: live versions whose schedule has not
    // come due (documents_live_window_idx, the window checked on its entries), and waiting versions
    // whose go-live has (the go-live index: a sweep's worth at most).
    const liveNow = `d.resource = ${resource} AND d.live_data IS NOT NULL AND d.deleted_at IS NULL AND (d.go_live_at IS NULL OR d.go_live_at > $1) AND ${notDown}`;
    const dueNow = `d.resource = ${resource} AND d.go_live_at <= $1 AND d.deleted_at IS NULL AND ${notDown}`;
    // The live ones a past-due go-live or take-down takes out of the first part (few).
    const pastDue = `d.resource = ${resource} AND d.live_data IS NOT NULL AND d.deleted_at IS NULL AND (d.go_live_at <= $1 OR d.take_down_at <= $1)`;
    const servedData = "CASE WHEN d.go_live_at <= $1 THEN d.next_data ELSE d.live_data END";
    const servedAt = "CASE WHEN d.go_live_at <= $1 THEN d.go_live_at ELSE d.live_at END";
    // The next go-live or take-down after $1 among these rows (an answer is not reused past it).
    const nextChange = (where: string) =>
      `(SELECT min(t) FROM (SELECT min(d.go_live_at) AS t FROM documents d WHERE ${where} AND d.go_live_at > $1
         UNION ALL SELECT min(d.take_down_at) FROM documents d WHERE ${where} AND d.take_down_at > $1) x)`;

    app.get(
      base,
      {
        config,
        schema: {
          tags: [PUBLIC_TAG],
          operationId: `listPublic${pascal(def.name)}`,
          summary: `List live ${def.labelPlural.toLowerCase()}`,
          description:
            `The approved (live) version of every ${def.label.toLowerCase()} that is not deleted, most recently published first. ` +
            "Records never approved are not listed; a record whose change awaits approval shows its approved version. " +
            "An approved change scheduled to go live later is served from that instant (the version before it until then), " +
            "and a record is not served from its take-down time on. " +
            `Staff-only fields are left out. Answers carry an ETag and \`Cache-Control: ${PUBLIC_CACHE_CONTROL}\`.`,
          querystring: Type.Unsafe<{ page: number; limit: number; center_code?: string }>(listQuery(def)),
          headers: ifNoneMatch,
          response: {
            200: {
              type: "object",
              description: "One page of live records",
              headers: cacheHeaders,
              required: ["statusCode", "data"],
              properties: {
                statusCode: { type: "integer", enum: [200] },
                data: {
                  type: "object",
                  required: ["docs", "totalDocs", "page", "limit", "totalPages"],
                  properties: {
                    docs: { type: "array", items: doc },
                    totalDocs: { type: "integer", description: "Live records matching the query, on every page" },
                    page: { type: "integer" },
                    limit: { type: "integer" },
                    totalPages: { type: "integer", description: "At least 1" },
                  },
                },
              },
            },
            ...errorResponses("The center_code names no center"),
          },
        },
      },
      async (request, reply) => {
        const query = request.query;
        const now = app.clock();
        const params: unknown[] = [new Date(now).toISOString()];
        let center = "";
        let counted = `SELECT COALESCE(sum(k.live), 0) FROM document_counts k WHERE k.resource = ${resource}`;
        if (query.center_code !== undefined) {
          const known = await app.db.query("SELECT 1 FROM centers WHERE center_code = $1", [query.center_code]);
          if (known.rows.length === 0) throw notFound(UNKNOWN_CENTER);
          params.push(query.center_code);
          center = ` AND d.center_code = $${params.length}`;
          counted += ` AND k.center_code = $${params.length}`;
        }
        const n = params.length;
        // Live records are counted by triggers (document_counts.live); only the few whose go-live
        // or take-down is past due (not swept yet) are counted per call.
        const count = `(${counted}) - (SELECT count(*) FROM documents d WHERE ${pastDue}${center}) + (SELECT count(*) FROM documents d WHERE ${dueNow}${center})`;
        const reach = `$${n + 1}::int + $${n + 2}::int`;
        // Ids first, both parts in order and merged; then only that page's rows are read and
        // joined. The total and the next transition ride along.
        const { rows } = await app.db.query<LiveRow>(
          `WITH page AS (
             SELECT id, served_at FROM (
               (SELECT d.id, d.live_at AS served_at FROM documents d WHERE ${liveNow}${center}
                ORDER BY d.live_at DESC, d.id DESC LIMIT ${reach})
               UNION ALL
               (SELECT d.id, d.go_live_at AS served_at FROM documents d WHERE ${dueNow}${center}
                ORDER BY d.go_live_at DESC, d.id DESC LIMIT ${reach})
             ) u ORDER BY served_at DESC, id DESC LIMIT $${n + 1} OFFSET $${n + 2}
           )
           SELECT (${count})::int AS total_docs, ${nextChange(`d.resource = ${resource} AND d.deleted_at IS NULL${center}`)} AS next_change,
                  d.id::text AS id, ${servedData} AS data, d.center_code, c.center_web_name, page.served_at AS live_at
           FROM page JOIN documents d ON d.id = page.id LEFT JOIN centers c ON c.center_code = d.center_code
           ORDER BY page.served_at DESC, page.id DESC`,
          [...params, query.limit, (query.page - 1) * query.limit],
        );
        const summary =
          rows.length > 0
            ? rows[0]!
            : (
                await app.db.query<LiveRow>(
                  `SELECT (${count})::int AS total_docs, ${nextChange(`d.resource = ${resource} AND d.deleted_at IS NULL${center}`)} AS next_change`,
                  params,
                )
              ).rows[0]!;
        const total = summary.total_docs!;
        reply.header("cache-control", cacheControl(summary.next_change ? new Date(summary.next_change).getTime() : null, now));
        return {
          statusCode: 200,
          data: paginated(
            rows.map((row) => toPublic(def, row)),
            total,
            query.page,
            query.limit,
          ),
        };
      },
    );

    app.get(
      `${base}/:id`,
      {
        config,
        schema: {
          tags: [PUBLIC_TAG],
          operationId: `getPublic${pascal(def.name)}`,
          summary: `One live ${def.label.toLowerCase()}`,
          description:
            `The approved (live) version of one ${def.label.toLowerCase()}, without staff-only fields. ` +
            "A record never approved, or deleted, or not yet live, or taken down, is a 404, as is an id of another type.",
          params: Type.Unsafe<{ id: number }>(idParams),
          headers: ifNoneMatch,
          response: {
            200: {
              type: "object",
              description: "The live record",
              headers: cacheHeaders,
              required: ["statusCode", "data"],
              properties: { statusCode: { type: "integer", enum: [200] }, data: doc },
            },
            ...errorResponses("No live record with this id"),
          },
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        const now = app.clock();
        const { rows } = await app.db.query<LiveRow>(
          `SELECT d.id::text AS id, ${servedData} AS data, d.center_code, c.center_web_name, ${servedAt} AS live_at,
                  LEAST(CASE WHEN d.go_live_at > $1 THEN d.go_live_at END, CASE WHEN d.take_down_at > $1 THEN d.take_down_at END) AS next_change
           FROM documents d LEFT JOIN centers c ON c.center_code = d.center_code
           WHERE d.id = $2 AND d.resource = ${resource} AND d.deleted_at IS NULL AND ${inWindow}`,
          [new Date(now).toISOString(), id],
        );
        const row = rows[0];
        if (!row) throw notFound(NOT_FOUND);
        reply.header("cache-control", cacheControl(row.next_change ? new Date(row.next_change).getTime() : null, now));
        return { statusCode: 200, data: toPublic(def, row) };
      },
    );
  }
};

export default publicRoutes;
