import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { roleOfAssignment } from "../users/roleRepository.js";
import { completePermissions, toWire } from "../lib/permissions.js";
import { forbidden, notFound } from "../plugins/errors.js";
import { errorResponses, Id, list, onePage, WirePermission } from "../http/schemas.js";

export const AssignmentRole = Type.Object({ id: Type.Integer(), name: Type.String(), permissions: Type.Array(WirePermission) });

const permissionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    "/api/permissions/assignment/:assignmentId",
    {
      schema: { params: Type.Object({ assignmentId: Id }), response: { 200: list(AssignmentRole), ...errorResponses } },
    },
    async (request) => {
      const row = await roleOfAssignment(app.db, request.params.assignmentId);
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
