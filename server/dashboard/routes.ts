// GET /api/dashboard: the welcome page's "what's waiting for me" (dashboard.ts builds it).
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { localizeDefinition } from "../../resources/compile.js";
import { scheduleOf, type ResourceDefinition } from "../../resources/types.js";
import { queuesOf } from "../approvals/routes.js";
import { errorResponses, ok } from "../http/schemas.js";
import { requestLanguage, type Language } from "../http/language.js";
import { dashboardFor } from "./dashboard.js";
import { DashboardData, DashboardQuery } from "./schemas.js";
import { badRequest } from "../plugins/errors.js";
import { DASHBOARD_BLOCKS, type DashboardBlock } from "../../protocol/dashboard.js";

/** The blocks a call asks for (all when it names none); each must be one the page has (else a 400). */
function blocksOf(blocks: string | undefined): ReadonlySet<DashboardBlock> {
  if (blocks === undefined) return new Set(DASHBOARD_BLOCKS);
  const named = blocks.split(",").map((b) => b.trim());
  const unknown = named.filter((b) => !(DASHBOARD_BLOCKS as readonly string[]).includes(b));
  if (unknown.length > 0 || named.length === 0) throw badRequest({ blocks: `must be one of: ${DASHBOARD_BLOCKS.join(", ")}` });
  return new Set(named as DashboardBlock[]);
}

const dashboardRoutes: FastifyPluginAsyncTypebox<{ definitions: readonly ResourceDefinition[] }> = async (app, { definitions }) => {
  const queues = queuesOf(definitions);
  const approvalTypes = definitions.filter((d) => d.approval);
  const scheduledTypes = definitions.filter((d) => scheduleOf(d));
  const labels: Record<Language, Map<string, string>> = {
    en: new Map(definitions.map((d) => [d.name, d.label])),
    id: new Map(definitions.map((d) => [d.name, localizeDefinition(d, "id").label])),
  };

  app.get(
    "/api/dashboard",
    {
      schema: {
        tags: ["Dashboard"],
        summary: "What waits for the caller at their center: decisions, their own changes, the inbox, this week's calendar",
        querystring: DashboardQuery,
        response: { 200: ok(DashboardData), ...errorResponses },
      },
    },
    async (request) => {
      const language = requestLanguage(request.headers["accept-language"]);
      const data = await dashboardFor(
        { db: app.db, now: app.clock(), queues, approvalTypes, scheduledTypes, labels: labels[language] },
        request,
        blocksOf(request.query.blocks),
      );
      return { statusCode: 200 as const, data };
    },
  );
};

export default dashboardRoutes;
