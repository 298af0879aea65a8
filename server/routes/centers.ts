import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { NOT_ASSIGNED, requirePermission } from "../plugins/auth.js";
import { forbidden, notFound } from "../plugins/errors.js";
import { errorResponses, Id, list, onePage, RoleRef } from "../http/schemas.js";
import { usableZone } from "../schedule/zones.js";

// A superadmin reaches every center without an assignment: `assignment` / `assigned_center` is null.
export const AdminCenter = Type.Object({
  id: Type.Integer(),
  center_code: Type.String(),
  center_web_name: Type.String(),
  time_zone: Type.String(),
  assignment: Type.Union([Type.Object({ id: Type.Integer(), role: RoleRef }), Type.Null()]),
});

const CenterDetail = Type.Object({
  id: Type.Integer(),
  center_code: Type.String(),
  center_web_name: Type.String(),
  time_zone: Type.String(),
  assigned_center: Type.Union([Type.Object({ assignment_id: Type.Integer(), role: RoleRef }), Type.Null()]),
});

interface CenterRow {
  id: number;
  center_code: string;
  center_web_name: string;
  time_zone: string;
  assignment_id: number | null;
  role_id: number | null;
  role_name: string | null;
}

export const CenterRef = Type.Object({ id: Type.Integer(), center_code: Type.String(), center_web_name: Type.String(), time_zone: Type.String() });

const centerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Every center, for the users screen's assignment editor.
  app.get(
    "/api/e1-centers",
    {
      preValidation: [requirePermission("user_management", "read")],
      schema: { response: { 200: list(CenterRef), ...errorResponses } },
    },
    async () => {
      const { rows } = await app.db.query<{ id: number; center_code: string; center_web_name: string; time_zone: string }>(
        "SELECT id, center_code, center_web_name, time_zone FROM centers ORDER BY center_code",
      );
      return { statusCode: 200 as const, data: onePage(rows.map((row) => ({ ...row, time_zone: usableZone(row.time_zone) }))) };
    },
  );

  app.get(
    "/api/e1-centers/by-admin/:adminId",
    {
      schema: { params: Type.Object({ adminId: Id }), response: { 200: list(AdminCenter), ...errorResponses } },
    },
    async (request) => {
      const { adminId } = request.params;
      const caller = request.user;
      if (adminId !== caller.id && !caller.isSuperadmin) throw forbidden("You can only list your own centers");

      let rows: CenterRow[];
      if (adminId === caller.id && caller.isSuperadmin) {
        ({ rows } = await app.db.query<CenterRow>(
          `SELECT id, center_code, center_web_name, time_zone, NULL::int AS assignment_id, NULL::int AS role_id, NULL::text AS role_name
           FROM centers ORDER BY center_code`,
        ));
      } else {
        const target = await app.db.query("SELECT 1 FROM users WHERE id = $1", [adminId]);
        if (target.rows.length === 0) throw notFound("User not found");
        ({ rows } = await app.db.query<CenterRow>(
          `SELECT c.id, c.center_code, c.center_web_name, c.time_zone, a.id AS assignment_id, r.id AS role_id, r.name AS role_name
           FROM assignments a JOIN centers c ON c.id = a.center_id JOIN roles r ON r.id = a.role_id
           WHERE a.user_id = $1 ORDER BY c.center_code`,
          [adminId],
        ));
      }
      const docs = rows.map((row) => ({
        id: row.id,
        center_code: row.center_code,
        center_web_name: row.center_web_name,
        time_zone: usableZone(row.time_zone),
        assignment: row.assignment_id === null ? null : { id: row.assignment_id, role: { id: row.role_id, name: row.role_name! } },
      }));
      return { statusCode: 200 as const, data: onePage(docs) };
    },
  );

  app.get(
    "/api/e1-centers/:centerId",
    {
      schema: { params: Type.Object({ centerId: Id }), response: { 200: list(CenterDetail), ...errorResponses } },
    },
    async (request) => {
      const { rows } = await app.db.query<CenterRow>(
        `SELECT c.id, c.center_code, c.center_web_name, c.time_zone, a.id AS assignment_id, r.id AS role_id, r.name AS role_name
         FROM centers c
         LEFT JOIN assignments a ON a.center_id = c.id AND a.user_id = $2
         LEFT JOIN roles r ON r.id = a.role_id
         WHERE c.id = $1`,
        [request.params.centerId, request.user.id],
      );
      const row = rows[0];
      if (!row) throw notFound("Center not found");
      if (row.assignment_id === null && !request.user.isSuperadmin) throw forbidden(NOT_ASSIGNED);
      const doc = {
        id: row.id,
        center_code: row.center_code,
        center_web_name: row.center_web_name,
        time_zone: usableZone(row.time_zone),
        assigned_center: row.assignment_id === null ? null : { assignment_id: row.assignment_id, role: { id: row.role_id, name: row.role_name! } },
      };
      return { statusCode: 200 as const, data: onePage([doc]) };
    },
  );
};

export default centerRoutes;
