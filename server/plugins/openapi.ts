// The API describes itself: an OpenAPI 3.1 document generated from the route schemas
// (@fastify/swagger) at /api/openapi.json, and a reference page (Swagger UI) at /api/docs.
// Register it before any route: @fastify/swagger sees only the routes added after it.
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import { ErrorBody } from "../http/schemas.js";
import { PUBLIC_PREFIX, PUBLIC_TAG } from "../routes/public.js";
import { needsSignIn } from "./auth.js";

export const OPENAPI_PATH = "/api/openapi.json";
export const DOCS_PATH = "/api/docs";

/** `/api/<area>/…` → "Area", the tag grouping the route on the reference page. */
function areaOf(url: string): string {
  // The console's legacy paths: /api/a/verify/…, /api/e1-centers, /_firebase/register.
  const segments = url.split("/").filter((s) => s && s !== "api" && s !== "a");
  const area = (segments[0] ?? "api").replace(/^e1-|^_/, "").replace(/-/g, " ");
  return area.charAt(0).toUpperCase() + area.slice(1);
}

type Schema = Record<string, any>;

const retryAfter = (what: string) => ({ "retry-after": { type: "integer", description: `Seconds to wait before ${what}` } });

/** What each error status means, as the document says it. */
export const ERROR_STATUSES: Record<number, Schema> = {
  400: { description: "Bad request: a parameter, a header or the body is invalid (`errors` names each field)" },
  401: { description: "Not signed in: no token, or one whose session has ended or expired" },
  403: { description: "Forbidden: the center in `X-Center-Code` is not the caller's, or the caller lacks the permission" },
  404: { description: "Not found" },
  406: { description: "The database was busy (a conflicting write): send it again" },
  409: { description: "Conflict with the record as it is now" },
  413: { description: "The request body is too large" },
  415: { description: "The body's content type is not one this route reads" },
  429: { description: "Too many requests: retry after the `retry-after` seconds", headers: retryAfter("retrying") },
  503: { description: "The database is unavailable: retry after the `retry-after` seconds", headers: retryAfter("retrying") },
};

const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

interface RouteFacts {
  method: string | string[];
  url: string;
  config?: unknown;
}

/**
 * The error statuses every route of its kind can answer, whatever its handler does: 400 (every
 * parameter, header and body goes through validation and the check for text PostgreSQL cannot
 * store), 401 and 403 behind the sign-in (the token, then the center header), 404 for a path that
 * names a record, 413, 415 and a busy database's 406 where a body is read and written, 429 where a
 * rate limit applies, and 503 because every route reads the database. A handler's own statuses
 * (409, 304, ...) are in its route's `response` schema.
 */
export function generalStatuses(route: RouteFacts): number[] {
  const methods = [route.method].flat().map((m) => m.toUpperCase());
  const statuses = [400];
  if (needsSignIn(route.url)) statuses.push(401, 403);
  if (route.url.includes(":")) statuses.push(404);
  if (methods.some((m) => BODY_METHODS.has(m))) statuses.push(406, 413, 415);
  if ((route.config as { rateLimit?: unknown } | undefined)?.rateLimit) statuses.push(429);
  statuses.push(503);
  return statuses;
}

/**
 * The route's responses as the document lists them: the catch-all `4xx`/`5xx` schemas (which only
 * serialise errors) become the statuses the route can answer, each with its meaning.
 */
function documentedResponses(route: RouteFacts, response: Schema | undefined): Schema {
  const own = response ?? {};
  const answers: Schema = {};
  for (const [status, schema] of Object.entries(own)) {
    if (/^\dxx$/i.test(status)) continue;
    const meaning = ERROR_STATUSES[Number(status)];
    answers[status] = schema.description || !meaning ? schema : { ...schema, ...meaning };
  }
  for (const status of generalStatuses(route)) answers[status] ??= { ...ErrorBody, ...ERROR_STATUSES[status] };
  return Object.fromEntries(Object.entries(answers).sort(([a], [b]) => a.localeCompare(b)));
}

/** A parameter with a default is optional: the validator fills it in (Ajv's `useDefaults`). */
function withDefaultsOptional(schema: Schema | undefined): Schema | undefined {
  if (!schema?.required || !schema.properties) return schema;
  const required = (schema.required as string[]).filter((name) => !(schema.properties[name] && "default" in schema.properties[name]));
  if (required.length === schema.required.length) return schema;
  const { required: _, ...rest } = schema;
  return required.length > 0 ? { ...rest, required } : rest;
}

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      // 3.1: the route schemas use JSON Schema's `type: [..., "null"]`, which 3.0 lacks.
      openapi: "3.1.0",
      info: {
        title: "Center Console API",
        version: "1.0.0",
        description:
          "The school's administration API. The **Public** routes (`/api/public/…`) need no sign-in and serve only approved " +
          "(live) content, for the school's website; they answer an ETag and `Cache-Control: public, max-age=60`, honour " +
          "`If-None-Match` with a 304, allow any origin, and are rate-limited per client address (429 past the limit). Every other " +
          "route needs `Authorization: Bearer <token>` from `POST /api/auth/login`, and center-scoped ones the selected center in " +
          "`X-Center-Code`. List answers share one envelope: `{ statusCode, data: { docs, totalDocs, page, limit, totalPages } }`; " +
          "errors answer `{ statusCode, message, errors? }` with `errors` mapping a field to its problem.",
      },
      tags: [{ name: PUBLIC_TAG, description: "Read-only, no sign-in: approved content for the school's website" }],
      components: {
        securitySchemes: {
          bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
          center: { type: "apiKey", in: "header", name: "X-Center-Code", description: "The selected center's code" },
        },
      },
    },
    // Group untagged routes by their area, mark the ones that need a sign-in as such, list every
    // status a route answers, and leave parameters with a default optional.
    transform: ({ schema, url, route }) => {
      const own = (schema ?? {}) as Schema;
      const signedIn = needsSignIn(url);
      const transformed: Schema = { ...own };
      if (!own.tags) transformed.tags = [areaOf(url)];
      if (signedIn && !own.security && !url.startsWith(PUBLIC_PREFIX)) transformed.security = [{ bearer: [], center: [] }];
      if (own.querystring) transformed.querystring = withDefaultsOptional(own.querystring);
      transformed.response = documentedResponses({ method: route.method, url, config: route.config }, own.response);
      return { schema: transformed, url };
    },
  });

  // The reference page loads only its own files and the document from this server, so the
  // console's Content-Security-Policy (app.ts) fits it as it is; nothing is relaxed for it.
  await app.register(swaggerUi, {
    routePrefix: DOCS_PATH,
    uiConfig: { deepLinking: true, docExpansion: "list", defaultModelsExpandDepth: 0, tryItOutEnabled: false },
    theme: { title: "Center Console API" },
  });

  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
}
