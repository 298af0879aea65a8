// Roles (resources/roles.ts, engine "custom"): a name and a permission matrix. A change applies to
// every holder on their next call, since the auth plugin reads the matrix on each request.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { Type } from "typebox";
import { bodySchema, listQuerySchema } from "../../resources/compile.js";
import rolesResource from "../../resources/roles.js";
import type { Mode } from "../../resources/types.js";
import { writeAudit } from "../db/audit.js";
import type { Db } from "../db/client.js";
import { getRole, listRoles, replaceRolePermissions, roleNameTaken, type RoleDoc } from "./roleRepository.js";
import { completePermissions, grantsWithin, type Permission } from "../lib/permissions.js";
import { requirePermission } from "../plugins/auth.js";
import { badRequest, conflict, forbidden, notFound, type FieldErrors } from "../plugins/errors.js";
import { CANNOT_GRANT, conflictResponse, dropReadOnly, isUniqueViolation, paginated, parseIds, Stale, staleBody, type ListQuery } from "../http/crud.js";
import { ErrorBody, errorResponses, Id, list, ok } from "../http/schemas.js";

const PermissionSchema = Type.Object({
  permission_key: Type.String(),
  allow_read: Type.Integer(),
  allow_create: Type.Integer(),
  allow_update: Type.Integer(),
  allow_delete: Type.Integer(),
});

export const RoleDocSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  permissions: Type.Array(PermissionSchema),
  assignment_count: Type.Integer(),
  holder_count: Type.Integer(),
  created_at: Type.String(),
  updated_at: Type.String(),
  version: Type.Integer(),
});

const IdParams = Type.Object({ id: Id });
const written = { 200: ok(RoleDocSchema), 409: conflictResponse(RoleDocSchema), ...errorResponses };

interface RoleBody {
  name: string;
  permissions?: Permission[] | null;
}
interface UpdateBody extends RoleBody {
  version: number;
}

const KEY = rolesResource.permissionKey;
export const SUPERADMINS_ONLY = "Only a superadmin can change roles: a role applies at every center where it is held";
const readOnly = dropReadOnly(["assignment_count", "holder_count"]);

/** Why a role in use stays: who holds it, and what to do first. */
export const heldMessage = (n: number) => `This role is held by ${n} ${n === 1 ? "user" : "users"}: give them another role before deleting it`;

/** 400s of a role's own fields; `permissions` undefined keeps (update) or grants nothing (create). */
async function checkRole(db: Db, body: RoleBody, exceptId: number | null): Promise<void> {
  const errors: FieldErrors = {};
  const name = body.name.trim();
  if (!name) errors.name = "must not be empty";
  else if (await roleNameTaken(db, name, exceptId)) errors.name = "is already in use";
  const keys = (body.permissions ?? []).map((p) => p.permission_key);
  const twice = keys.find((key, i) => keys.indexOf(key) !== i);
  if (twice) errors.permissions = `lists ${twice} more than once`;
  if (Object.keys(errors).length > 0) throw badRequest(errors);
}

/** Nobody creates, edits or deletes a role granting more than they hold (a superadmin holds everything). */
function assertWithin(request: FastifyRequest, permissions: Permission[]): void {
  if (!request.user.isSuperadmin && !grantsWithin(permissions, request.permissions)) throw forbidden(CANNOT_GRANT);
}

function nameRace(err: unknown): never {
  if (isUniqueViolation(err)) throw badRequest({ name: "is already in use" });
  throw err;
}

function changes(before: RoleDoc, after: RoleDoc): Record<string, unknown> {
  const detail: Record<string, unknown> = {};
  if (before.name !== after.name) detail.name = { from: before.name, to: after.name };
  if (JSON.stringify(before.permissions) !== JSON.stringify(after.permissions)) {
    detail.permissions = { from: before.permissions, to: after.permissions };
  }
  return detail;
}

const roleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Before validation: a caller without the key learns nothing about the body it sent.
  const guard = (mode: "read" | "create" | "update" | "delete") => [
    requirePermission(KEY, mode),
    async (request: FastifyRequest) => {
      if ((rolesResource.superadminModes as readonly Mode[] | undefined)?.includes(mode) && !request.user.isSuperadmin) throw forbidden(SUPERADMINS_ONLY);
    },
  ];

  app.get(
    "/api/roles",
    {
      preValidation: guard("read"),
      schema: { querystring: Type.Unsafe<ListQuery>(listQuerySchema(rolesResource)), response: { 200: list(RoleDocSchema), ...errorResponses } },
    },
    async (request) => {
      const query = request.query;
      const { docs, total } = await listRoles(app.db, {
        page: query.page,
        limit: query.limit,
        sort: query.sort,
        q: query.q,
        ids: parseIds(query.ids),
      });
      return { statusCode: 200 as const, data: paginated(docs, total, query.page, query.limit) };
    },
  );

  app.get(
    "/api/roles/:id",
    { preValidation: guard("read"), schema: { params: IdParams, response: { 200: list(RoleDocSchema), ...errorResponses } } },
    async (request) => {
      const role = await getRole(app.db, request.params.id);
      if (!role) throw notFound("Role not found");
      return { statusCode: 200 as const, data: paginated([role], 1, 1, 1) };
    },
  );

  app.post(
    "/api/roles",
    { preValidation: [...guard("create"), readOnly], schema: { body: Type.Unsafe<RoleBody>(bodySchema(rolesResource, "create")), response: written } },
    async (request) => {
      const body = request.body;
      const permissions = completePermissions(body.permissions ?? []);
      assertWithin(request, permissions);
      const role = await app.db.transaction(async (tx) => {
        await checkRole(tx, body, null);
        const { rows } = await tx.query<{ id: number }>("INSERT INTO roles (name) VALUES ($1) RETURNING id", [body.name.trim()]).catch(nameRace);
        const id = rows[0]!.id;
        await replaceRolePermissions(tx, id, permissions);
        const created = (await getRole(tx, id))!;
        await writeAudit(tx, {
          actorId: request.user.id,
          sessionId: request.user.sessionId,
          action: "create",
          entity: "roles",
          entityId: id,
          detail: { name: created.name, permissions: created.permissions },
        });
        return created;
      });
      return { statusCode: 200 as const, message: "Role created", data: role };
    },
  );

  app.put(
    "/api/roles/:id",
    {
      preValidation: [...guard("update"), readOnly],
      schema: { params: IdParams, body: Type.Unsafe<UpdateBody>(bodySchema(rolesResource, "update")), response: written },
    },
    async (request, reply) => {
      const body = request.body;
      const id = request.params.id;
      const result = await app.db.transaction(async (tx) => {
        const current = await getRole(tx, id, true);
        if (!current) throw notFound("Role not found");
        if (current.version !== body.version) return new Stale(current);
        const permissions = body.permissions === undefined ? current.permissions : completePermissions(body.permissions ?? []);
        // Neither widening a role beyond one's own keys, nor narrowing one that holds more.
        assertWithin(request, current.permissions);
        assertWithin(request, permissions);
        await checkRole(tx, body, id);

        await tx.query("UPDATE roles SET name = $2, version = version + 1, updated_at = now() WHERE id = $1", [id, body.name.trim()]).catch(nameRace);
        await replaceRolePermissions(tx, id, permissions);
        const after = (await getRole(tx, id))!;
        await writeAudit(tx, {
          actorId: request.user.id,
          sessionId: request.user.sessionId,
          action: "update",
          entity: "roles",
          entityId: id,
          detail: changes(current, after),
        });
        return after;
      });
      if (result instanceof Stale) return reply.status(409).send(staleBody(result.current));
      // Everyone holding the role may now read more or less: every socket is checked again.
      app.changes.publish("access", {});
      return { statusCode: 200 as const, message: "Role saved", data: result };
    },
  );

  app.delete(
    "/api/roles/:id",
    {
      preValidation: guard("delete"),
      schema: {
        params: IdParams,
        response: { 200: ok(RoleDocSchema), 409: { ...ErrorBody, description: "The role is still assigned to someone" }, ...errorResponses },
      },
    },
    async (request) => {
      const id = request.params.id;
      const role = await app.db.transaction(async (tx) => {
        // The lock makes a concurrent assignment to this role wait, then fail its foreign key.
        const current = await getRole(tx, id, true);
        if (!current) throw notFound("Role not found");
        assertWithin(request, current.permissions);
        if (current.holder_count > 0) throw conflict(heldMessage(current.holder_count));
        await tx.query("DELETE FROM roles WHERE id = $1", [id]);
        await writeAudit(tx, {
          actorId: request.user.id,
          sessionId: request.user.sessionId,
          action: "delete",
          entity: "roles",
          entityId: id,
          detail: { name: current.name, permissions: current.permissions },
        });
        return current;
      });
      app.changes.publish("access", {});
      return { statusCode: 200 as const, message: "Role deleted", data: role };
    },
  );
};

export default roleRoutes;
