// The chat widget's API under /api/public/chat: no staff token. Starting a conversation answers a
// visitor token for that one conversation; with it (header X-Visitor-Token) the visitor reads its
// messages (never a note) and writes more. Nothing here fetches a URL or sends anything elsewhere.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { Type } from "typebox";
import type { VisitorMessage, WidgetCenter } from "../../protocol/chat.js";
import type { ResourceDefinition } from "../../resources/types.js";
import { ErrorBody, errorResponses, Id, ok } from "../http/schemas.js";
import { badRequest, HttpError, notFound, unauthorized } from "../plugins/errors.js";
import type { ChatEvents } from "./events.js";
import type { ChatNotifier } from "./notify.js";
import { getConversation, insertMessage, messagesPage, nextNumber, toVisitorMessage } from "./repository.js";
import * as S from "./schemas.js";
import { recordFact } from "../reports/facts.js";
import type { VisitorClaims, VisitorTokens } from "./visitorTokens.js";

export const VISITOR_HEADER = "x-visitor-token";
export const CENTER_NOT_FOUND = "This chat is not available";
const EVERYWHERE = { kind: "all" } as const;

export interface VisitorRoutesOptions {
  tokens: VisitorTokens;
  events: ChatEvents;
  notifier: ChatNotifier;
  definitions: readonly ResourceDefinition[];
  /** New conversations per minute from one address. */
  startLimit: number;
  /** Messages per minute in one conversation. */
  messageLimit: number;
}

const clean = (value: string | null | undefined) => (typeof value === "string" && value.trim() ? value.trim() : null);
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9 ()-]{6,20}$/;

/** Where a center's opening hours are kept: the definition that names its field (its live version is read). */
function openingHoursSource(definitions: readonly ResourceDefinition[]) {
  const def = definitions.find((d) => d.singleton && d.scope === "center" && d.openingHoursField);
  return def ? { resource: def.name, field: def.openingHoursField! } : null;
}

const visitorRoutes: FastifyPluginAsyncTypebox<VisitorRoutesOptions> = async (app, opts) => {
  const { tokens, events, notifier } = opts;
  const hoursFrom = openingHoursSource(opts.definitions);
  const tags = ["Chat widget"];
  // The token a started conversation answered names it; a route that reads it answers 401 without a valid one.
  const visitor = {
    headers: Type.Object({ [VISITOR_HEADER]: Type.Optional(Type.String({ description: "The token POST /api/public/chat/{center}/conversations answered" })) }),
    unauthorized: { 401: { ...ErrorBody, description: "No visitor token, or one that names no conversation" } },
  };

  async function center(code: string): Promise<WidgetCenter> {
    const { rows } = await app.db.query<{ center_code: string; center_web_name: string; hours: string | null }>(
      `SELECT c.center_code, c.center_web_name,
         (SELECT d.live_data->>$3 FROM documents d WHERE d.resource = $2 AND d.center_code = c.center_code AND d.deleted_at IS NULL AND d.live_data IS NOT NULL LIMIT 1) AS hours
       FROM centers c WHERE c.center_code = $1`,
      [code, hoursFrom?.resource ?? null, hoursFrom?.field ?? null],
    );
    const row = rows[0];
    if (!row) throw notFound(CENTER_NOT_FOUND);
    return { center_code: row.center_code, center_name: row.center_web_name, opening_hours: clean(row.hours) };
  }

  // A request's token is verified once, whether the rate limit's key or the handler asks first.
  const verified = new WeakMap<FastifyRequest, Promise<VisitorClaims | null>>();
  function claimsOf(request: FastifyRequest): Promise<VisitorClaims | null> {
    let claims = verified.get(request);
    if (!claims) {
      const header = request.headers[VISITOR_HEADER];
      claims = typeof header === "string" ? tokens.verify(header) : Promise.resolve(null);
      verified.set(request, claims);
    }
    return claims;
  }

  /** The conversation a visitor's token names; 401 for a bad or old token. */
  async function visitorConversation(request: FastifyRequest) {
    const claims = await claimsOf(request);
    if (!claims) throw unauthorized();
    const conversation = await getConversation(app.db, 0, EVERYWHERE, claims.conversationId);
    if (!conversation || conversation.center_code !== claims.centerCode) throw unauthorized();
    return conversation;
  }

  // Counted per conversation only once the token's signature holds: a token anyone can forge
  // (conversation ids are sequential) must not spend a real visitor's allowance. A missing or
  // forged token is counted against the address that sent it.
  const visitorKey = async (request: FastifyRequest) => {
    const claims = await claimsOf(request);
    return claims ? `chat|${claims.conversationId}` : `chat-ip|${request.ip}`;
  };
  const tooMany = () => new HttpError(429, "Too many messages, try again in a minute");

  app.get(
    "/api/public/chat/:center",
    {
      schema: {
        tags,
        params: S.CenterParams,
        response: {
          200: ok(Type.Object({ center_code: Type.String(), center_name: Type.String(), opening_hours: Type.Union([Type.String(), Type.Null()]) })),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      return { statusCode: 200 as const, data: await center(request.params.center) };
    },
  );

  app.post(
    "/api/public/chat/:center/conversations",
    {
      schema: {
        tags,
        params: S.CenterParams,
        body: S.StartBody,
        response: {
          200: ok(
            Type.Object({
              token: Type.String(),
              conversation: Type.Object({ id: Type.Integer(), number: Type.Integer(), status: Type.String() }),
              messages: Type.Array(S.VisitorMessageSchema),
            }),
          ),
          ...errorResponses,
        },
      },
      config: { rateLimit: { max: opts.startLimit, timeWindow: "1 minute", errorResponseBuilder: tooMany } },
    },
    async (request) => {
      const body = request.body;
      const where = await center(request.params.center);
      const name = clean(body.name);
      const text = clean(body.message);
      const email = clean(body.email);
      const phone = clean(body.phone);
      const errors: Record<string, string> = {};
      if (!name) errors.name = "Tell us your name";
      if (!text) errors.message = "Write your question";
      if (email && !EMAIL.test(email)) errors.email = "This email address does not look right";
      if (phone && !PHONE.test(phone)) errors.phone = "This phone number does not look right";
      if (Object.keys(errors).length > 0) throw badRequest(errors);

      const { conversation, message } = await app.db.transaction(async (tx) => {
        const contact = await tx.query<{ id: number }>(
          `INSERT INTO chat_contacts (center_code, name, email, phone, language, first_page, referrer, last_seen_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, now()) RETURNING id::int AS id`,
          [where.center_code, name, email, phone, clean(body.language), clean(body.page), clean(body.referrer)],
        );
        const number = await nextNumber(tx, where.center_code);
        const created = await tx.query<{ id: number }>(
          "INSERT INTO chat_conversations (center_code, number, contact_id) VALUES ($1, $2, $3) RETURNING id::int AS id",
          [where.center_code, number, contact.rows[0]!.id],
        );
        const id = created.rows[0]!.id;
        const startedAt = app.clock();
        await recordFact(tx, {
          kind: "conversation",
          centerCode: where.center_code,
          at: startedAt,
          startedAt: new Date(startedAt).toISOString(),
          conversationId: id,
        });
        const message = await insertMessage(tx, { conversationId: id, kind: "visitor", text: text!, authorName: name });
        return { conversation: (await getConversation(tx, 0, EVERYWHERE, id))!, message };
      });
      events.conversation(conversation);
      events.message(conversation.center_code, message);
      notifier.visitorWrote(conversation, message.text, true);
      const token = await tokens.sign({ conversationId: conversation.id, centerCode: conversation.center_code });
      return {
        statusCode: 200 as const,
        data: { token, conversation: { id: conversation.id, number: conversation.number, status: conversation.status }, messages: [toVisitorMessage(message)] },
      };
    },
  );

  app.get(
    "/api/public/chat/conversation",
    {
      schema: {
        tags,
        querystring: Type.Object({ before: Type.Optional(Id) }, { additionalProperties: false }),
        headers: visitor.headers,
        response: {
          200: ok(Type.Object({ conversation: S.VisitorConversation, messages: Type.Array(S.VisitorMessageSchema), has_more: Type.Boolean() })),
          ...visitor.unauthorized,
          ...errorResponses,
        },
      },
      config: { rateLimit: { max: opts.messageLimit * 3, timeWindow: "1 minute", keyGenerator: visitorKey, errorResponseBuilder: tooMany } },
    },
    async (request) => {
      const conversation = await visitorConversation(request);
      const where = await center(conversation.center_code);
      const { messages, hasMore } = await messagesPage(app.db, conversation.id, { before: request.query.before, limit: 50, visitor: true });
      await app.db.query("UPDATE chat_contacts SET last_seen_at = now() WHERE id = $1", [conversation.contact.id]);
      const visible: VisitorMessage[] = messages.map(toVisitorMessage);
      return {
        statusCode: 200 as const,
        data: {
          conversation: {
            id: conversation.id,
            number: conversation.number,
            status: conversation.status,
            center_code: where.center_code,
            center_name: where.center_name,
            opening_hours: where.opening_hours,
          },
          messages: visible,
          has_more: hasMore,
        },
      };
    },
  );

  app.post(
    "/api/public/chat/conversation/messages",
    {
      schema: {
        tags,
        body: S.VisitorSendBody,
        headers: visitor.headers,
        response: { 200: ok(S.VisitorMessageSchema), ...visitor.unauthorized, ...errorResponses },
      },
      config: { rateLimit: { max: opts.messageLimit, timeWindow: "1 minute", keyGenerator: visitorKey, errorResponseBuilder: tooMany } },
    },
    async (request) => {
      const found = await visitorConversation(request);
      const text = clean(request.body.text);
      if (!text) throw badRequest({ text: "Write a message" });
      const { conversation, message, reopened } = await app.db.transaction(async (tx) => {
        await tx.query("SELECT 1 FROM chat_conversations WHERE id = $1 FOR UPDATE", [found.id]);
        const message = await insertMessage(tx, { conversationId: found.id, kind: "visitor", text, authorName: found.contact.name });
        await tx.query("UPDATE chat_contacts SET last_seen_at = now() WHERE id = $1", [found.contact.id]);
        const conversation = (await getConversation(tx, 0, EVERYWHERE, found.id))!;
        return { conversation, message, reopened: conversation.status !== found.status };
      });
      events.message(conversation.center_code, message);
      events.conversation(conversation);
      if (reopened) events.status(conversation.id, conversation.status);
      notifier.visitorWrote(conversation, text, false);
      return { statusCode: 200 as const, data: toVisitorMessage(message) };
    },
  );
};

export default visitorRoutes;
