import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { HttpError } from "../plugins/errors.js";
import { errorResponses, ok } from "./schemas.js";

const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    "/api/health",
    {
      schema: {
        response: {
          200: ok(Type.Object({ status: Type.Literal("ok"), db: Type.Union([Type.Literal("pglite"), Type.Literal("pg")]) })),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      try {
        await app.db.query("SELECT 1");
      } catch (err) {
        request.log.error({ err }, "health check: database unreachable");
        throw new HttpError(503, "Database unavailable");
      }
      return { statusCode: 200 as const, data: { status: "ok" as const, db: app.db.kind } };
    },
  );
};

export default healthRoutes;
