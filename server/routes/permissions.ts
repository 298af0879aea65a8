import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { completePermissions, toWire, type Permission } from "../lib/permissions.js";
import { forbidden, notFound } from "../plugins/errors.js";
import { errorResponses, Id, list, onePage, WirePermission } from "./schemas.js";

const RoleDoc = Type.Object({ id: Type.Integer(), name: Type.String(), permissions: Type.Array(WirePermission) });

const permissionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    "/api/permissions/assignment/:assignmentId",
    {
      schema: { params: Type.Object({ assignmentId: Id }), response: { 200: list(RoleDoc), ...errorResponses } },
    },
    async (request) => {
      const { rows } = await app.db.query<{ user_id: number; role_id: number; role_name: string; permissions: Permission[] }>(
        `SELECT a.user_id, r.id AS role_id, r.name AS role_name,
                COALESCE((SELECT json_agg(json_build_object(
                           'permission_key', rp.permission_key,
                           'allow_read', rp.allow_read, 'allow_create', rp.allow_create,
                           'allow_update', rp.allow_update, 'allow_delete', rp.allow_delete))
                          FROM role_permissions rp WHERE rp.role_id = r.id), '[]'::json) AS permissions
         FROM assignments a JOIN roles r ON r.id = a.role_id
         WHERE a.id = $1`,
        [request.params.assignmentId],
      );
      const row = rows[0];
      if (!row) throw notFound("Assignment not found");
      if (row.user_id !== request.user.id && !request.user.isSuperadmin) {
        throw forbidden("You can only read your own assignments");
      }
      const doc = { id: row.role_id, name: row.role_name, permissions: completePermissions(row.permissions).map(toWire) };
      return { statusCode: 200 as const, data: onePage([doc]) };
    },
  );
};

export default permissionRoutes;
