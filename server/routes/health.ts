import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { globalPlugin } from "../lib/plugin.js";
import { DATABASE_UNAVAILABLE, HttpError } from "../plugins/errors.js";
import { errorResponses, ok } from "../http/schemas.js";

// Liveness: 200 whenever this process can answer at all. It does not ask the database: an outage
// is the database's, and a liveness probe that failed on it would restart every healthy instance
// at once. Readiness (/api/ready, below) is the one that follows the database.
const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    "/api/health",
    {
      schema: {
        summary: "Liveness: 200 while this process can answer, whether or not its database can",
        response: {
          200: ok(Type.Object({ status: Type.Literal("ok"), db: Type.Union([Type.Literal("pglite"), Type.Literal("pg")]) })),
          ...errorResponses,
        },
      },
    },
    async () => ({ statusCode: 200 as const, data: { status: "ok" as const, db: app.db.kind } }),
  );
};

declare module "fastify" {
  interface FastifyInstance {
    /** Set when the server is stopping: readiness answers 503 so a load balancer stops sending. */
    draining: boolean;
  }
}

/** How long readiness waits for the database before saying it is not ready. */
const READY_TIMEOUT_MS = 2_000;

// Global (not encapsulated), so the process that listens can set `draining` on the app it built.
export const readinessRoutes = globalPlugin("readiness", async (app) => {
  app.decorate("draining", false);
  app.get(
    "/api/ready",
    {
      schema: {
        summary: "Readiness: 200 while this instance can serve (its database answers), 503 otherwise",
        response: { 200: ok(Type.Object({ status: Type.Literal("ready") })), ...errorResponses },
      },
    },
    async () => {
      if (app.draining) throw new HttpError(503, "Shutting down");
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new HttpError(503, DATABASE_UNAVAILABLE)), READY_TIMEOUT_MS);
      });
      try {
        await Promise.race([app.db.query("SELECT 1"), timeout]);
      } catch (err) {
        throw err instanceof HttpError ? err : new HttpError(503, DATABASE_UNAVAILABLE);
      } finally {
        clearTimeout(timer);
      }
      return { statusCode: 200 as const, data: { status: "ready" as const } };
    },
  );
});

export default healthRoutes;
