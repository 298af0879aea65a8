// GET /api/dashboard: the welcome page's "what's waiting for me" (dashboard.ts builds it).
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { localizeDefinition } from "../../resources/compile.js";
import { scheduleOf, type ResourceDefinition } from "../../resources/types.js";
import { queuesOf } from "../approvals/routes.js";
import { errorResponses, ok } from "../http/schemas.js";
import { requestLanguage, type Language } from "../http/language.js";
import { dashboardFor } from "./dashboard.js";
import { DashboardData } from "./schemas.js";

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
        response: { 200: ok(DashboardData), ...errorResponses },
      },
    },
    async (request) => {
      const language = requestLanguage(request.headers["accept-language"]);
      const data = await dashboardFor({ db: app.db, now: app.clock(), queues, approvalTypes, scheduledTypes, labels: labels[language] }, request);
      return { statusCode: 200 as const, data };
    },
  );
};

export default dashboardRoutes;
