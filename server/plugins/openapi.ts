// The API describes itself: an OpenAPI 3.1 document generated from the route schemas
// (@fastify/swagger) at /api/openapi.json, and a reference page (Swagger UI) at /api/docs.
// Register it before any route: @fastify/swagger sees only the routes added after it.
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
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
    // Group untagged routes by their area, and mark the ones that need a sign-in as such.
    transform: ({ schema, url }) => {
      const own = (schema ?? {}) as Record<string, unknown>;
      const signedIn = needsSignIn(url);
      const transformed: Record<string, unknown> = { ...own };
      if (!own.tags) transformed.tags = [areaOf(url)];
      if (signedIn && !own.security && !url.startsWith(PUBLIC_PREFIX)) transformed.security = [{ bearer: [], center: [] }];
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
