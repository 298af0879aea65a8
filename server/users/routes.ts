// Users (resources/users.ts, engine "custom"): the generic engine's API shape, written by hand
// because a user carries a password, center assignments and the guards around who may grant what.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { bodySchema, listQuerySchema } from "../../resources/compile.js";
import usersResource from "../../resources/users.js";
import { writeAudit } from "../db/audit.js";
import type { Db } from "../db/client.js";
import { getUser, listUsers, replaceAssignments, type UserDoc } from "./repository.js";
import { endUserSessions } from "../db/sessions.js";
import { hashPassword } from "../lib/password.js";
import { requirePermission } from "../plugins/auth.js";
import { badRequest, forbidden, notFound, type FieldErrors } from "../plugins/errors.js";
import { CANNOT_GRANT, conflictResponse, dropReadOnly, isUniqueViolation, paginated, parseIds, Stale, staleBody, type ListQuery } from "../http/crud.js";
import { errorResponses, Id, list, ok } from "../http/schemas.js";
import {
  assertLastSuperadminStays,
  assertManageable,
  assertOnlyAtCallersCenter,
  assertRolesWithin,
  auditAssignments,
  callerOf,
  checkAssignments,
  checkFields,
  checkUsername,
  isSuperType,
  MESSAGES,
  sameAssignments,
  visibleTo,
  wantedAssignments,
  type Caller,
  type CreateBody,
  type UpdateBody,
} from "./rules.js";

export { MESSAGES };

const AssignmentDocSchema = Type.Object({
  id: Type.Integer(),
  center_code: Type.String(),
  center_web_name: Type.String(),
  role_id: Type.Integer(),
  role_name: Type.String(),
});

export const UserDocSchema = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  fullname: Type.String(),
  email: Type.Union([Type.String(), Type.Null()]),
  user_type: Type.String(),
  active: Type.Boolean(),
  assignments: Type.Array(AssignmentDocSchema),
  created_at: Type.String(),
  updated_at: Type.String(),
  version: Type.Integer(),
});

const IdParams = Type.Object({ id: Id });
const written = { 200: ok(UserDocSchema), 409: conflictResponse(UserDocSchema), ...errorResponses };

const PasswordResetBody = Type.Object({ new_password: Type.String({ minLength: 8, maxLength: 200 }) }, { additionalProperties: false });

interface UserListQuery extends ListQuery {
  user_type?: string;
  active?: boolean;
}

const KEY = usersResource.permissionKey;
// An assignment is read with its id and names; it is written as {center_code, role_id}.
const readOnly = dropReadOnly([], { assignments: ["id", "center_web_name", "role_name"] });
const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Before validation: a caller without the key learns nothing about the body it sent.
  const guard = (mode: "read" | "create" | "update" | "delete") => [requirePermission(KEY, mode)];

  /** Loads (and locks) a user the caller may see; 404 otherwise, so hidden users stay hidden. */
  async function loadVisible(tx: Db, caller: Caller, id: number): Promise<UserDoc> {
    const user = await getUser(tx, id, true);
    if (!visibleTo(caller, user)) throw notFound(MESSAGES.notFound);
    return user;
  }

  app.get(
    "/api/users",
    {
      preValidation: guard("read"),
      schema: { querystring: Type.Unsafe<UserListQuery>(listQuerySchema(usersResource)), response: { 200: list(UserDocSchema), ...errorResponses } },
    },
    async (request) => {
      const query = request.query;
      const caller = callerOf(request);
      const { docs, total } = await listUsers(app.db, {
        page: query.page,
        limit: query.limit,
        sort: query.sort,
        q: query.q,
        ids: parseIds(query.ids),
        userTypes: query.user_type?.split(",").filter(Boolean),
        active: query.active,
        centerId: caller.isSuperadmin ? null : caller.centerId,
      });
      return { statusCode: 200 as const, data: paginated(docs, total, query.page, query.limit) };
    },
  );

  app.get(
    "/api/users/:id",
    { preValidation: guard("read"), schema: { params: IdParams, response: { 200: list(UserDocSchema), ...errorResponses } } },
    async (request) => {
      const user = await getUser(app.db, request.params.id);
      if (!visibleTo(callerOf(request), user)) throw notFound(MESSAGES.notFound);
      return { statusCode: 200 as const, data: paginated([user], 1, 1, 1) };
    },
  );

  app.post(
    "/api/users",
    { preValidation: [...guard("create"), readOnly], schema: { body: Type.Unsafe<CreateBody>(bodySchema(usersResource, "create")), response: written } },
    async (request) => {
      const body = request.body;
      const caller = callerOf(request);
      if (isSuperType(body.user_type) && !caller.isSuperadmin) throw forbidden(MESSAGES.superadminOnly);
      // Slow (~125 ms): before the transaction, which PGlite runs alone.
      const passwordHash = await hashPassword(body.password);

      const user = await app.db.transaction(async (tx) => {
        const errors: FieldErrors = {};
        checkFields(body, errors);
        await checkUsername(tx, body.username, null, errors);
        const wanted = wantedAssignments(caller, body, null, body.user_type);
        const resolved = await checkAssignments(tx, caller, body.user_type, wanted, errors, true);
        if (Object.keys(errors).length > 0) throw badRequest(errors);
        await assertRolesWithin(
          tx,
          caller,
          resolved.map((a) => a.role_id),
          CANNOT_GRANT,
        );

        const { rows } = await tx
          .query<{ id: number }>(
            `INSERT INTO users (username, password_hash, fullname, email, user_type, active)
             VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
            [body.username, passwordHash, body.fullname.trim(), body.email ?? null, body.user_type, body.active ?? true],
          )
          .catch(usernameRace);
        const id = rows[0]!.id;
        await replaceAssignments(tx, id, [], resolved);
        await writeAudit(tx, {
          actorId: caller.id,
          sessionId: request.user.sessionId,
          action: "create",
          entity: "users",
          entityId: id,
          detail: {
            username: body.username,
            user_type: body.user_type,
            active: body.active ?? true,
            assignments: auditAssignments(resolved),
          },
        });
        return (await getUser(tx, id))!;
      });
      return { statusCode: 200 as const, message: "User created", data: user };
    },
  );

  app.put(
    "/api/users/:id",
    {
      preValidation: [...guard("update"), readOnly],
      schema: { params: IdParams, body: Type.Unsafe<UpdateBody>(bodySchema(usersResource, "update")), response: written },
    },
    async (request, reply) => {
      const body = request.body;
      const caller = callerOf(request);
      const id = request.params.id;

      const result = await app.db.transaction(async (tx) => {
        const current = await loadVisible(tx, caller, id);
        if (current.version !== body.version) return new Stale(current);

        const active = body.active ?? current.active;
        const typeChanges = body.user_type !== current.user_type;
        if (!caller.isSuperadmin && (isSuperType(body.user_type) || (typeChanges && isSuperType(current.user_type)))) {
          throw forbidden(MESSAGES.superadminOnly);
        }
        if (id === caller.id && !active) throw forbidden(MESSAGES.selfDisable);
        await assertLastSuperadminStays(tx, current, isSuperType(body.user_type) && active);
        await assertManageable(tx, caller, current);
        // Status, type and identity (the name others see, the sign-in name, the address) apply at
        // every center the user works at: only a superadmin changes them for a user of several.
        const email = body.email === undefined ? current.email : body.email;
        const identityChanges = body.username !== current.username || body.fullname.trim() !== current.fullname || email !== current.email;
        if (active !== current.active || typeChanges || identityChanges) assertOnlyAtCallersCenter(caller, current);

        const errors: FieldErrors = {};
        checkFields(body, errors);
        await checkUsername(tx, body.username, id, errors);
        const wanted = wantedAssignments(caller, body, current, body.user_type);
        const resolved = await checkAssignments(tx, caller, body.user_type, wanted, errors, false);
        if (Object.keys(errors).length > 0) throw badRequest(errors);
        await assertRolesWithin(
          tx,
          caller,
          resolved.map((a) => a.role_id),
          CANNOT_GRANT,
        );

        // Access may shrink: the user's sessions end and they sign in again under the new rules.
        const assignmentsChange = !sameAssignments(current.assignments, resolved);
        const accessChanges = typeChanges || active !== current.active || assignmentsChange;
        await tx
          .query(
            `UPDATE users SET username = $2, fullname = $3, email = $4, user_type = $5, active = $6,
                    version = version + 1, token_version = token_version + $7, updated_at = now()
             WHERE id = $1`,
            [id, body.username, body.fullname.trim(), email, body.user_type, active, accessChanges ? 1 : 0],
          )
          .catch(usernameRace);
        if (assignmentsChange) await replaceAssignments(tx, id, current.assignments, resolved);

        const after = (await getUser(tx, id))!;
        await writeAudit(tx, {
          actorId: caller.id,
          sessionId: request.user.sessionId,
          action: "update",
          entity: "users",
          entityId: id,
          detail: changes(current, after),
        });
        return after;
      });

      if (result instanceof Stale) return reply.status(409).send(staleBody(result.current));
      app.changes.publish("access", { userId: result.id });
      return { statusCode: 200 as const, message: "User saved", data: result };
    },
  );

  app.delete(
    "/api/users/:id",
    { preValidation: guard("delete"), schema: { params: IdParams, response: { 200: ok(UserDocSchema), ...errorResponses } } },
    async (request) => {
      const caller = callerOf(request);
      const id = request.params.id;
      if (id === caller.id) throw forbidden(MESSAGES.selfDelete);

      const { user, deleted } = await app.db.transaction(async (tx) => {
        const current = await loadVisible(tx, caller, id);
        await assertManageable(tx, caller, current);
        assertOnlyAtCallersCenter(caller, current);
        await assertLastSuperadminStays(tx, current, false);

        // A user whose name other records still point to (authored content) is disabled instead,
        // so that history keeps its author; the savepoint keeps the transaction usable after the refusal.
        let deleted = true;
        try {
          await tx.transaction((sp) => sp.query("DELETE FROM users WHERE id = $1", [id]));
        } catch (err) {
          if ((err as { code?: string }).code !== "23503") throw err;
          deleted = false;
          await tx.query(
            `UPDATE users SET active = false, version = version + 1, token_version = token_version + 1, updated_at = now()
             WHERE id = $1`,
            [id],
          );
        }
        await writeAudit(tx, {
          actorId: caller.id,
          sessionId: request.user.sessionId,
          action: deleted ? "delete" : "deactivate",
          entity: "users",
          entityId: id,
          detail: { username: current.username, user_type: current.user_type, assignments: auditAssignments(current.assignments) },
        });
        return { user: deleted ? current : (await getUser(tx, id))!, deleted };
      });
      app.changes.publish("access", { userId: id });
      return { statusCode: 200 as const, message: deleted ? "User deleted" : "User deactivated", data: user };
    },
  );

  app.post(
    "/api/users/:id/password",
    {
      preValidation: guard("update"),
      schema: { params: IdParams, body: PasswordResetBody, response: { 200: ok(UserDocSchema), ...errorResponses } },
    },
    async (request) => {
      const caller = callerOf(request);
      const id = request.params.id;
      // Changing one's own password asks for the current one (PUT /api/auth/password).
      if (id === caller.id) throw forbidden(MESSAGES.selfReset);
      const passwordHash = await hashPassword(request.body.new_password);

      const user = await app.db.transaction(async (tx) => {
        const current = await loadVisible(tx, caller, id);
        await assertManageable(tx, caller, current);
        assertOnlyAtCallersCenter(caller, current);
        await tx.query("UPDATE users SET password_hash = $2, token_version = token_version + 1, updated_at = now() WHERE id = $1", [id, passwordHash]);
        await endUserSessions(tx, id);
        await writeAudit(tx, { actorId: caller.id, sessionId: request.user.sessionId, action: "password_reset", entity: "users", entityId: id });
        return (await getUser(tx, id))!;
      });
      app.changes.publish("access", { userId: id });
      return { statusCode: 200 as const, message: "Password reset", data: user };
    },
  );

  app.post(
    "/api/users/:id/sessions/end",
    {
      preValidation: guard("update"),
      schema: {
        summary: "Sign a user out everywhere: every token of theirs stops working at once",
        params: IdParams,
        response: { 200: ok(UserDocSchema), ...errorResponses },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const id = request.params.id;
      const { user, ended } = await app.db.transaction(async (tx) => {
        const current = await loadVisible(tx, caller, id);
        if (id !== caller.id) {
          await assertManageable(tx, caller, current);
          assertOnlyAtCallersCenter(caller, current);
        }
        // Ending one's own sessions keeps the one asking.
        const n = await endUserSessions(tx, id, id === caller.id ? request.user.sessionId : undefined);
        await writeAudit(tx, {
          actorId: caller.id,
          sessionId: request.user.sessionId,
          action: "sessions_end",
          entity: "users",
          entityId: id,
          detail: { ended: n },
        });
        return { user: (await getUser(tx, id))!, ended: n };
      });
      const message = ended === 1 ? "1 session ended" : `${ended} sessions ended`;
      app.changes.publish("access", { userId: id });
      return { statusCode: 200 as const, message, data: user };
    },
  );
};

/** Two saves raced past the username check: the unique index decides, and the form hears why. */
function usernameRace(err: unknown): never {
  if (isUniqueViolation(err)) throw badRequest({ username: "is already in use" });
  throw err;
}

/** The fields a save changed, before and after, for the audit log (never a password). */
function changes(before: UserDoc, after: UserDoc): Record<string, unknown> {
  const detail: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of ["username", "fullname", "email", "user_type", "active"] as const) {
    if (before[key] !== after[key]) detail[key] = { from: before[key], to: after[key] };
  }
  const a = auditAssignments(before.assignments);
  const b = auditAssignments(after.assignments);
  if (JSON.stringify(a) !== JSON.stringify(b)) detail.assignments = { from: a, to: b };
  return detail;
}

export default userRoutes;
