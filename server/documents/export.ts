// GET /api/<name>/export.csv: a list as CSV with the same filters, search and sort as the screen,
// streamed a page at a time, so a hundred thousand rows never sit in memory at once.
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { Readable } from "node:stream";
import { listQuerySchema, localizeDefinition } from "../../resources/compile.js";
import type { ResourceDefinition } from "../../resources/types.js";
import { requestLanguage } from "../http/language.js";
import { errorResponses } from "../http/schemas.js";
import type { Db } from "../db/client.js";
import { DEFAULT_TIME_ZONE, inZone } from "../lib/dates.js";
import { BOM, type CsvContext, header, line } from "./csv.js";
import type { Scope } from "./query.js";
import { listDocuments } from "./repository.js";
import { accessScope } from "./routes.js";

/** Rows read per query while streaming. */
export const EXPORT_PAGE = 1_000;

/** The list's query less its paging: an export is every row the filters match. */
function exportQuerySchema(def: ResourceDefinition) {
  const schema = listQuerySchema(def) as { properties: Record<string, unknown> };
  const { page: _page, limit: _limit, ...properties } = schema.properties;
  return { ...schema, properties };
}

const slug = (text: string) =>
  text
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 40);

/**
 * "careers_JKT01_employment-type-full-time_search-teacher_2026-11-26.csv": which list, which
 * center, which filters and which day (the center's), so two exports side by side are told apart.
 */
export function exportFileName(def: ResourceDefinition, query: Record<string, unknown>, center: string | null, day: string): string {
  const parts = [def.name, ...(center ? [center] : [])];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === "" || key === "center_code" || key === "sort" || key === "ids") continue;
    parts.push(slug(key === "q" ? `search ${value}` : `${key} ${value}`));
  }
  if (query.ids) parts.push("selected");
  return `${parts.filter(Boolean).join("_").slice(0, 150)}_${day}.csv`;
}

/** Every center's time zone: a CSV's times are written in the zone of the record's center. */
async function centerZones(db: Db): Promise<Map<string, string>> {
  const { rows } = await db.query<{ center_code: string; time_zone: string }>("SELECT center_code, time_zone FROM centers");
  return new Map(rows.map((r) => [r.center_code, r.time_zone]));
}

const exportRoutes: FastifyPluginAsync<{ definitions: readonly ResourceDefinition[] }> = async (app, { definitions }) => {
  for (const def of definitions) {
    const localized = { en: def, id: localizeDefinition(def, "id") };
    app.get(
      `/api/${def.name}/export.csv`,
      {
        schema: {
          tags: [def.labelPlural],
          summary: `${def.labelPlural} as CSV (UTF-8 with BOM), with the list's filters, search and sort`,
          querystring: exportQuerySchema(def),
          response: {
            200: {
              description: "The rows as CSV; `content-disposition` names the file",
              content: { "text/csv": { schema: { type: "string", description: "UTF-8 with a byte order mark: a header row, then one line per record" } } },
            },
            ...errorResponses,
          },
        },
      },
      async (request: FastifyRequest<{ Querystring: Record<string, unknown> & { center_code?: string } }>, reply) => {
        let scope: Scope = accessScope(request, def, "read");
        const query = request.query;
        if (scope.kind === "all" && query.center_code) scope = { kind: "all", filter: query.center_code };
        // The first page is read before the answer starts, so a failure is still a proper error answer.
        const now = app.clock();
        const first = await listDocuments(app.db, def, scope, query, 1, EXPORT_PAGE, { live: true, now });
        const pages = Math.ceil(first.totalDocs / EXPORT_PAGE);
        const db = app.db;
        // Headings and choices in the language the caller reads.
        const language = requestLanguage(request.headers["accept-language"]);
        const zones = await centerZones(db);
        const context: CsvContext = { def: localized[language], locale: language, zones };
        async function* csv() {
          yield BOM + header(context);
          yield first.docs.map((doc) => line(context, doc)).join("");
          for (let page = 2; page <= pages; page++) {
            const { docs } = await listDocuments(db, def, scope, query, page, EXPORT_PAGE, { live: true, now });
            if (docs.length === 0) return;
            yield docs.map((doc) => line(context, doc)).join("");
          }
        }
        const center = scope.kind === "center" ? scope.code : scope.kind === "all" ? (scope.filter ?? null) : null;
        const day = inZone(new Date(), (center && zones.get(center)) || DEFAULT_TIME_ZONE).slice(0, 10);
        return reply
          .header("content-type", "text/csv; charset=utf-8")
          .header("content-disposition", `attachment; filename="${exportFileName(def, query, center, day)}"`)
          .header("cache-control", "no-store")
          .send(Readable.from(csv()));
      },
    );
  }
};

export default exportRoutes;
