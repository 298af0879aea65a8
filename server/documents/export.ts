// GET /api/<name>/export.csv: a list as CSV with the same filters, search and sort as the screen,
// streamed a page at a time, so a hundred thousand rows never sit in memory at once.
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { Readable } from "node:stream";
import { listQuerySchema, localizeDefinition } from "../../resources/compile.js";
import type { ResourceDefinition } from "../../resources/types.js";
import { requestLanguage } from "../http/language.js";
import { errorResponses } from "../http/schemas.js";
import { BOM, header, line } from "./csv.js";
import type { Scope } from "./query.js";
import { listDocuments } from "./repository.js";
import { accessScope } from "./routes.js";

/** Rows read per query while streaming. */
export const EXPORT_PAGE = 1_000;

const stamp = () => new Date().toISOString().slice(0, 10);

const exportRoutes: FastifyPluginAsync<{ definitions: readonly ResourceDefinition[] }> = async (app, { definitions }) => {
  for (const def of definitions) {
    const localized = { en: def, id: localizeDefinition(def, "id") };
    app.get(
      `/api/${def.name}/export.csv`,
      {
        schema: {
          tags: [def.labelPlural],
          summary: `${def.labelPlural} as CSV (UTF-8 with BOM), with the list's filters, search and sort`,
          querystring: listQuerySchema(def),
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
        const first = await listDocuments(app.db, def, scope, query, 1, EXPORT_PAGE);
        const pages = Math.ceil(first.totalDocs / EXPORT_PAGE);
        const db = app.db;
        // Headings and choices in the language the caller reads.
        const language = requestLanguage(request.headers["accept-language"]);
        const words = localized[language];
        async function* csv() {
          yield BOM + header(words, language);
          yield first.docs.map((doc) => line(words, doc, language)).join("");
          for (let page = 2; page <= pages; page++) {
            const { docs } = await listDocuments(db, def, scope, query, page, EXPORT_PAGE);
            if (docs.length === 0) return;
            yield docs.map((doc) => line(words, doc, language)).join("");
          }
        }
        return reply
          .header("content-type", "text/csv; charset=utf-8")
          .header("content-disposition", `attachment; filename="${def.name}-${stamp()}.csv"`)
          .header("cache-control", "no-store")
          .send(Readable.from(csv()));
      },
    );
  }
};

export default exportRoutes;
