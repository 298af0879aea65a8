// /api/reports: a center's conversations, first response and resolution times, approvals and
// content per center-local day, per staff member and over a range (report.ts reads them), the
// facts and content behind a figure (drill-down), the days as CSV, and (for a superadmin) every
// center side by side. Open to approval_management or center_management readers.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { localizeDefinition } from "../../resources/compile.js";
import type { ResourceDefinition } from "../../resources/types.js";
import { CHOOSE_CENTER } from "../documents/routes.js";
import { requestLanguage, type Language } from "../http/language.js";
import { errorResponses, ok } from "../http/schemas.js";
import { allows } from "../lib/permissions.js";
import { NO_PERMISSION } from "../plugins/auth.js";
import { badRequest, forbidden } from "../plugins/errors.js";
import { usableZone } from "../schedule/zones.js";
import { contentEvents } from "./content.js";
import { reportCsv } from "./csv.js";
import { centerRow, checkRange, compareCenters, listFacts, readReport, REPORT_FACTS_PAGE } from "./report.js";
import { CentersData, CompareQuery, ContentData, ContentQuery, FactsData, FactsQuery, Query, ReportData } from "./schemas.js";

export const CHOOSE_A_CENTER = "Choose a center";
export const OTHER_CENTER = "You are not assigned to this center";
export const SUPERADMINS_ONLY = "Only superadmins compare centers";

const mayReport = (request: FastifyRequest) =>
  request.user.isSuperadmin || allows(request.permissions, "approval_management", "read") || allows(request.permissions, "center_management", "read");

const reportRoutes: FastifyPluginAsyncTypebox<{ definitions: readonly ResourceDefinition[] }> = async (app, { definitions }) => {
  const tags = ["Reports"];
  const labels: Record<Language, Map<string, string>> = {
    en: new Map(definitions.map((d) => [d.name, d.label])),
    id: new Map(definitions.map((d) => [d.name, localizeDefinition(d, "id").label])),
  };

  /** The center a report is of: the caller's own, or the one a superadmin names. */
  function centerOf(request: FastifyRequest, named: string | undefined): string {
    if (!mayReport(request)) throw forbidden(NO_PERMISSION);
    if (request.center) {
      if (named && named !== request.center.center_code) throw forbidden(OTHER_CENTER);
      return request.center.center_code;
    }
    if (!request.user.isSuperadmin) throw forbidden(CHOOSE_CENTER);
    if (!named) throw badRequest({ center_code: CHOOSE_A_CENTER });
    return named;
  }

  app.get(
    "/api/reports",
    {
      schema: {
        tags,
        summary: "A center's figures per day, per staff member and over a range of center-local days",
        querystring: Query,
        response: { 200: ok(ReportData), ...errorResponses },
      },
    },
    async (request) => {
      const q = request.query;
      const code = centerOf(request, q.center_code);
      checkRange(q.from, q.to);
      return { statusCode: 200 as const, data: await readReport(app.db, code, q.from, q.to) };
    },
  );

  app.get(
    "/api/reports/export.csv",
    {
      schema: {
        tags,
        summary: "The report's days as CSV (UTF-8 with BOM); durations in business minutes",
        querystring: Query,
        response: {
          200: { description: "The days as CSV; `content-disposition` names the file", content: { "text/csv": { schema: { type: "string" } } } },
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const code = centerOf(request, q.center_code);
      checkRange(q.from, q.to);
      const data = await readReport(app.db, code, q.from, q.to);
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="report_${code.replace(/[^A-Za-z0-9_-]/g, "")}_${q.from}_${q.to}.csv"`)
        .header("cache-control", "no-store")
        .send(reportCsv(data.days, requestLanguage(request.headers["accept-language"])));
    },
  );

  app.get(
    "/api/reports/facts",
    {
      schema: {
        tags,
        summary: "The facts behind a figure: the conversations or decisions of a kind in a range of days",
        querystring: FactsQuery,
        response: { 200: ok(FactsData), ...errorResponses },
      },
    },
    async (request) => {
      const q = request.query;
      const code = centerOf(request, q.center_code);
      checkRange(q.from, q.to);
      const page = q.page ?? 1;
      const limit = q.limit ?? REPORT_FACTS_PAGE;
      const { facts, total } = await listFacts(
        app.db,
        { center: code, from: q.from, to: q.to, kind: q.kind, userId: q.user_id, outcome: q.outcome },
        page,
        limit,
      );
      return { statusCode: 200 as const, data: { facts, total, page, limit } };
    },
  );

  app.get(
    "/api/reports/content",
    {
      schema: {
        tags,
        summary: "The content behind a month's figure: versions that went live, or records that came down or are scheduled to",
        querystring: ContentQuery,
        response: { 200: ok(ContentData), ...errorResponses },
      },
    },
    async (request) => {
      const q = request.query;
      const code = centerOf(request, q.center_code);
      checkRange(q.from, q.to);
      const zone = usableZone((await centerRow(app.db, code)).time_zone);
      const page = q.page ?? 1;
      const limit = q.limit ?? REPORT_FACTS_PAGE;
      const language = requestLanguage(request.headers["accept-language"]);
      const { events, total } = await contentEvents(
        app.db,
        definitions,
        labels[language],
        { center: code, from: q.from, to: q.to, zone },
        { kind: q.kind, page, limit },
      );
      return { statusCode: 200 as const, data: { events, total, page, limit } };
    },
  );

  app.get(
    "/api/reports/centers",
    {
      schema: {
        tags,
        summary: "Every center's figures over a range of its own center-local days, side by side (superadmins)",
        querystring: CompareQuery,
        response: { 200: ok(CentersData), ...errorResponses },
      },
    },
    async (request) => {
      if (!request.user.isSuperadmin) throw forbidden(SUPERADMINS_ONLY);
      const q = request.query;
      checkRange(q.from, q.to);
      const centers = await compareCenters(app.db, q.from, q.to);
      return { statusCode: 200 as const, data: { from: q.from, to: q.to, centers } };
    },
  );
};

export default reportRoutes;
