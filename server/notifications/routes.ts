// /api/notifications: the caller's own notification centre. Reading marks entries read and tells
// the user's other tabs and devices the new unread count.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type, type TSchema } from "typebox";
import { errorResponses, Id } from "../http/schemas.js";
import { paginated } from "../http/crud.js";
import { notFound } from "../plugins/errors.js";
import { listNotifications, markAllRead, markRead } from "./store.js";

export const NOTIFICATION_NOT_FOUND = "Notification not found";

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const NotificationSchema = Type.Object({
  id: Type.Integer(),
  // Not an enum: a new source of notifications adds its kind without breaking older answers.
  kind: Type.String({ description: "What happened: approved, rejected, request, changed (NotificationKind in protocol/realtime.ts)" }),
  title: Type.String(),
  body: Type.String(),
  link: Type.String({ description: "The console path it opens" }),
  resource: Nullable(Type.String()),
  record_id: Nullable(Type.Integer()),
  center_code: Nullable(Type.String()),
  actor: Type.Union([Type.Object({ id: Type.Integer(), name: Type.String() }), Type.Null()]),
  created_at: Type.String(),
  read_at: Nullable(Type.String()),
});

const ListQuery = Type.Unsafe<{ page: number; limit: number; unread?: 0 | 1 }>({
  type: "object",
  additionalProperties: false,
  properties: {
    page: { type: "integer", minimum: 1, maximum: 100_000, default: 1 },
    limit: { type: "integer", minimum: 1, maximum: 100, default: 20 },
    unread: { type: "integer", enum: [0, 1], description: "1: unread ones only" },
  },
});

const ListResponse = Type.Object({
  statusCode: Type.Literal(200),
  data: Type.Object({
    docs: Type.Array(NotificationSchema),
    totalDocs: Type.Integer(),
    page: Type.Integer(),
    limit: Type.Integer(),
    totalPages: Type.Integer(),
    unread: Type.Integer({ description: "The caller's unread notifications, whatever the page" }),
  }),
});

// No message: the console shows any message of a POST's answer as a 'Success' toast.
const UnreadResponse = Type.Object({ statusCode: Type.Literal(200), data: Type.Object({ unread: Type.Integer() }) });
// Nothing to send; an empty object is accepted too.
const NoBody = Type.Unsafe<Record<string, never> | null>({ anyOf: [{ type: "null" }, { type: "object", additionalProperties: false, properties: {} }] });

const notificationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    "/api/notifications",
    {
      schema: {
        summary: "The caller's notifications, newest first, with their unread count",
        querystring: ListQuery,
        response: { 200: ListResponse, ...errorResponses },
      },
    },
    async (request) => {
      const { page, limit, unread } = request.query;
      const result = await listNotifications(app.db, request.user.id, page, limit, unread === 1);
      return { statusCode: 200 as const, data: { ...paginated(result.docs, result.totalDocs, page, limit), unread: result.unread } };
    },
  );

  app.post(
    "/api/notifications/:id/read",
    {
      schema: {
        summary: "Mark one of the caller's notifications read",
        params: Type.Object({ id: Id }),
        body: NoBody,
        response: { 200: UnreadResponse, ...errorResponses },
      },
    },
    async (request) => {
      const userId = request.user.id;
      const unread = await markRead(app.db, userId, request.params.id);
      if (unread === null) throw notFound(NOTIFICATION_NOT_FOUND);
      app.live.notificationsRead(userId, unread);
      return { statusCode: 200 as const, data: { unread } };
    },
  );

  app.post(
    "/api/notifications/read-all",
    { schema: { summary: "Mark all the caller's notifications read", body: NoBody, response: { 200: UnreadResponse, ...errorResponses } } },
    async (request) => {
      const userId = request.user.id;
      const unread = await markAllRead(app.db, userId);
      app.live.notificationsRead(userId, unread);
      return { statusCode: 200 as const, data: { unread } };
    },
  );
};

export default notificationRoutes;
