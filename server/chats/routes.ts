// The staff inbox API under /api/chats: any signed-in staff member of the selected center (a
// superadmin: every center, with a center filter) sees and answers that center's conversations.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { Type } from "typebox";
import { CHOOSE_CENTER } from "../documents/routes.js";
import { errorResponses, ok } from "../http/schemas.js";
import { allows } from "../lib/permissions.js";
import { NO_PERMISSION } from "../plugins/auth.js";
import { badRequest, forbidden, notFound } from "../plugins/errors.js";
import { chatEvents } from "./events.js";
import type { ChatNotifier } from "./notify.js";
import { conversationDetail, getConversation, inboxPage, markRead, messagesPage, unreadTotal, wakeSnoozed, type ChatScope } from "./repository.js";
import * as S from "./schemas.js";
import { assign, CONVERSATION_NOT_FOUND, sendStaffMessage, setStatus, type StaffActor } from "./service.js";

const WAKE_EVERY_MS = 10_000;
export const CANNED_TAKEN = "This short code is already used at this center";
const CANNED_NOT_FOUND = "Canned reply not found";

function scopeOf(request: FastifyRequest, centerFilter?: string): ChatScope {
  if (request.center) return { kind: "center", code: request.center.center_code };
  if (request.user.isSuperadmin) return { kind: "all", filter: centerFilter || undefined };
  throw forbidden(CHOOSE_CENTER);
}

const actorOf = (request: FastifyRequest): StaffActor => ({
  id: request.user.id,
  name: request.user.fullname,
  mayReassign: request.user.isSuperadmin || allows(request.permissions, "center_management", "update"),
});

const mayManageCanned = (request: FastifyRequest) => request.user.isSuperadmin || allows(request.permissions, "center_management", "update");

const chatRoutes: FastifyPluginAsyncTypebox<{ notifier: ChatNotifier }> = async (app, { notifier }) => {
  const events = chatEvents(app);
  const tags = ["Customer chats"];
  // Snoozed conversations wake when an inbox lists, at most every few seconds per instance (a
  // write on every list would cost more than the list).
  let wokeAt = 0;
  const wake = async () => {
    if (Date.now() - wokeAt < WAKE_EVERY_MS) return;
    wokeAt = Date.now();
    await wakeSnoozed(app.db);
  };

  app.get("/api/chats/conversations", { schema: { tags, querystring: S.ListQuery, response: { 200: S.ListAnswer, ...errorResponses } } }, async (request) => {
    const q = request.query;
    const scope = scopeOf(request, q.center_code);
    await wake();
    const filter = { scope, status: q.status ?? "open", tab: q.tab ?? "all", q: q.q?.trim() || undefined } as const;
    const { docs, counts, unreadTotal: unread } = await inboxPage(app.db, request.user.id, filter, q.page, q.limit);
    const total = counts[filter.tab];
    return {
      statusCode: 200 as const,
      data: { docs, totalDocs: total, page: q.page, limit: q.limit, totalPages: Math.max(1, Math.ceil(total / q.limit)), counts, unread_total: unread },
    };
  });

  app.get(
    "/api/chats/unread",
    { schema: { tags, response: { 200: ok(Type.Object({ unread_total: Type.Integer() })), ...errorResponses } } },
    async (request) => {
      return { statusCode: 200 as const, data: { unread_total: await unreadTotal(app.db, request.user.id, scopeOf(request)) } };
    },
  );

  app.get("/api/chats/conversations/:id", { schema: { tags, params: S.IdParams, response: { 200: ok(S.Detail), ...errorResponses } } }, async (request) => {
    const conversation = await getConversation(app.db, request.user.id, scopeOf(request), request.params.id);
    if (!conversation) throw notFound(CONVERSATION_NOT_FOUND);
    return { statusCode: 200 as const, data: await conversationDetail(app.db, conversation) };
  });

  app.get(
    "/api/chats/conversations/:id/messages",
    { schema: { tags, params: S.IdParams, querystring: S.ThreadQuery, response: { 200: S.ThreadAnswer, ...errorResponses } } },
    async (request) => {
      const conversation = await getConversation(app.db, request.user.id, scopeOf(request), request.params.id);
      if (!conversation) throw notFound(CONVERSATION_NOT_FOUND);
      const { messages, hasMore } = await messagesPage(app.db, conversation.id, { before: request.query.before, limit: request.query.limit });
      return { statusCode: 200 as const, data: { docs: messages, has_more: hasMore } };
    },
  );

  app.post(
    "/api/chats/conversations/:id/messages",
    { schema: { tags, params: S.IdParams, body: S.SendBody, response: { 200: ok(S.Message), ...errorResponses } } },
    async (request) => {
      const scope = scopeOf(request);
      const actor = actorOf(request);
      const { message, activity, conversation } = await app.db.transaction((tx) =>
        sendStaffMessage(tx, actor, scope, request.params.id, request.body, app.clock()),
      );
      await markRead(app.db, actor.id, conversation.id);
      // In the thread's order: the take, then the reply that caused it.
      if (activity) events.message(conversation.center_code, activity);
      events.message(conversation.center_code, message);
      events.conversation(conversation);
      return { statusCode: 200 as const, data: message };
    },
  );

  app.post(
    "/api/chats/conversations/:id/assign",
    { schema: { tags, params: S.IdParams, body: S.AssignBody, response: { 200: ok(S.Summary), ...errorResponses } } },
    async (request) => {
      const actor = actorOf(request);
      const { conversation, activity } = await app.db.transaction((tx) => assign(tx, actor, scopeOf(request), request.params.id, request.body.assignee_id));
      if (activity) {
        events.message(conversation.center_code, activity);
        events.conversation(conversation);
        if (conversation.assignee && conversation.assignee.id !== actor.id) notifier.assigned(conversation, actor);
      }
      return { statusCode: 200 as const, data: conversation };
    },
  );

  app.post(
    "/api/chats/conversations/:id/status",
    { schema: { tags, params: S.IdParams, body: S.StatusBody, response: { 200: ok(S.Summary), ...errorResponses } } },
    async (request) => {
      const body = request.body;
      const { conversation, activity } = await app.db.transaction((tx) =>
        setStatus(tx, actorOf(request), scopeOf(request), request.params.id, body.status, body.snoozed_until ?? null, app.clock()),
      );
      if (activity) {
        events.message(conversation.center_code, activity);
        events.conversation(conversation);
        events.status(conversation.id, conversation.status);
      }
      return { statusCode: 200 as const, data: conversation };
    },
  );

  app.post(
    "/api/chats/conversations/:id/read",
    { schema: { tags, params: S.IdParams, response: { 200: ok(Type.Object({ unread_total: Type.Integer() })), ...errorResponses } } },
    async (request) => {
      const scope = scopeOf(request);
      const conversation = await getConversation(app.db, request.user.id, scope, request.params.id);
      if (!conversation) throw notFound(CONVERSATION_NOT_FOUND);
      await markRead(app.db, request.user.id, conversation.id);
      return { statusCode: 200 as const, data: { unread_total: await unreadTotal(app.db, request.user.id, scope) } };
    },
  );

  app.get(
    "/api/chats/agents",
    {
      schema: {
        tags,
        querystring: Type.Object({ center_code: Type.Optional(Type.String({ maxLength: 40 })) }),
        response: { 200: ok(Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() }))), ...errorResponses },
      },
    },
    async (request) => {
      const scope = scopeOf(request, request.query.center_code);
      const code = scope.kind === "center" ? scope.code : (scope.filter ?? null);
      const { rows } = await app.db.query<{ id: number; name: string }>(
        `SELECT u.id, u.fullname AS name FROM users u WHERE u.active AND (
           ($1::text IS NOT NULL AND EXISTS (SELECT 1 FROM assignments a JOIN centers c ON c.id = a.center_id WHERE a.user_id = u.id AND c.center_code = $1))
           OR u.user_type = 'superadmin')
         ORDER BY u.fullname LIMIT 500`,
        [code],
      );
      return { statusCode: 200 as const, data: rows };
    },
  );

  // Canned replies: everyone at the center uses them; center managers keep them.
  const cannedCenter = (request: FastifyRequest, given?: string) => {
    const scope = scopeOf(request, given);
    const code = scope.kind === "center" ? scope.code : scope.filter;
    if (!code) throw badRequest({ center_code: "Choose a center" });
    return code;
  };
  const CANNED_COLUMNS = "id, center_code, short_code, body AS text, updated_at";
  const cannedRow = (r: Record<string, any>) => ({ ...r, updated_at: new Date(r.updated_at).toISOString() }) as never;
  const taken = (err: unknown) => {
    if ((err as { code?: string }).code === "23505") return badRequest({ short_code: CANNED_TAKEN });
    return err;
  };

  app.get(
    "/api/chats/canned-replies",
    {
      schema: {
        tags,
        querystring: Type.Object({ q: Type.Optional(Type.String({ maxLength: 100 })), center_code: Type.Optional(Type.String({ maxLength: 40 })) }),
        response: { 200: S.CannedList, ...errorResponses },
      },
    },
    async (request) => {
      const code = cannedCenter(request, request.query.center_code);
      const q = request.query.q?.trim().replace(/^\//, "");
      const { rows } = await app.db.query(
        `SELECT ${CANNED_COLUMNS} FROM chat_canned_replies WHERE center_code = $1 AND ($2::text IS NULL OR short_code ILIKE $2 || '%' OR body ILIKE '%' || $2 || '%')
         ORDER BY short_code LIMIT 200`,
        [code, q ? q.replace(/[\\%_]/g, (ch) => `\\${ch}`) : null],
      );
      const docs = rows.map(cannedRow);
      return { statusCode: 200 as const, data: { docs, totalDocs: docs.length, page: 1, limit: 200, totalPages: 1 } };
    },
  );

  app.post("/api/chats/canned-replies", { schema: { tags, body: S.CannedBody, response: { 200: ok(S.CannedReply), ...errorResponses } } }, async (request) => {
    if (!mayManageCanned(request)) throw forbidden(NO_PERMISSION);
    const code = cannedCenter(request, request.body.center_code);
    try {
      const { rows } = await app.db.query(
        `INSERT INTO chat_canned_replies (center_code, short_code, body, created_by) VALUES ($1, $2, $3, $4) RETURNING ${CANNED_COLUMNS}`,
        [code, request.body.short_code, request.body.text, request.user.id],
      );
      return { statusCode: 200 as const, message: "Canned reply saved", data: cannedRow(rows[0]!) };
    } catch (err) {
      throw taken(err);
    }
  });

  app.put(
    "/api/chats/canned-replies/:id",
    { schema: { tags, params: S.IdParams, body: S.CannedBody, response: { 200: ok(S.CannedReply), ...errorResponses } } },
    async (request) => {
      if (!mayManageCanned(request)) throw forbidden(NO_PERMISSION);
      const code = cannedCenter(request, request.body.center_code);
      try {
        const { rows } = await app.db.query(
          `UPDATE chat_canned_replies SET short_code = $3, body = $4, updated_at = now() WHERE id = $1 AND center_code = $2 RETURNING ${CANNED_COLUMNS}`,
          [request.params.id, code, request.body.short_code, request.body.text],
        );
        if (!rows[0]) throw notFound(CANNED_NOT_FOUND);
        return { statusCode: 200 as const, message: "Canned reply saved", data: cannedRow(rows[0]) };
      } catch (err) {
        throw taken(err);
      }
    },
  );

  app.delete(
    "/api/chats/canned-replies/:id",
    {
      schema: {
        tags,
        params: S.IdParams,
        querystring: Type.Object({ center_code: Type.Optional(Type.String({ maxLength: 40 })) }),
        response: { 200: ok(S.CannedReply), ...errorResponses },
      },
    },
    async (request) => {
      if (!mayManageCanned(request)) throw forbidden(NO_PERMISSION);
      const code = cannedCenter(request, request.query.center_code);
      const { rows } = await app.db.query(`DELETE FROM chat_canned_replies WHERE id = $1 AND center_code = $2 RETURNING ${CANNED_COLUMNS}`, [
        request.params.id,
        code,
      ]);
      if (!rows[0]) throw notFound(CANNED_NOT_FOUND);
      return { statusCode: 200 as const, message: "Canned reply deleted", data: cannedRow(rows[0]) };
    },
  );
};

export default chatRoutes;
