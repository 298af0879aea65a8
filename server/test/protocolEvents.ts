// Every event a test socket hears, checked against what protocol/ says the server sends: the
// shapes below are the protocol's types as schemas (the compile-time checks at the end keep them
// equal to the types), closed, so an extra key (a session id, say) is a violation.
import { type Static, Type } from "typebox";
import { Value } from "typebox/value";
import type { ChatMessage, ChatServerToStaff, ChatServerToVisitor, ConversationSummary, VisitorMessage } from "../../protocol/chat.js";
import type { ApprovalEvent, NotificationItem, PresenceState, ResourceEvent, ServerToClient } from "../../protocol/realtime.js";
import { Message, Summary, VisitorMessageSchema } from "../chats/schemas.js";
import { NotificationSchema } from "../notifications/routes.js";

const Person = Type.Object({ id: Type.Integer(), name: Type.String() });
const ResourceEventSchema = Type.Object({
  channel: Type.String(),
  type: Type.Union([Type.Literal("created"), Type.Literal("updated"), Type.Literal("deleted")]),
  payload: Type.Object({
    ids: Type.Array(Type.Integer()),
    version: Type.Optional(Type.Integer()),
    center_code: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    by: Type.Optional(Person),
    transition: Type.Optional(Type.Union([Type.Literal("live"), Type.Literal("down")])),
  }),
  date: Type.String({ format: "date-time" }),
});
const ApprovalEventSchema = Type.Object({
  queue: Type.String(),
  type: Type.Union([Type.Literal("opened"), Type.Literal("decided"), Type.Literal("withdrawn")]),
  request_id: Type.Union([Type.Integer(), Type.Null()]),
  record_id: Type.Integer(),
  resource: Type.String(),
  center_code: Type.Union([Type.String(), Type.Null()]),
  date: Type.String({ format: "date-time" }),
});
const PresenceSchema = Type.Object({ resource: Type.String(), id: Type.Integer(), viewers: Type.Array(Person) });
const StaffTyping = Type.Object({
  conversation_id: Type.Integer(),
  from: Type.Union([Type.Literal("visitor"), Type.Literal("staff")]),
  name: Type.String(),
  id: Type.Union([Type.Integer(), Type.Null()]),
});
const VisitorTyping = Type.Object({ name: Type.String() });
const VisitorStatus = Type.Object({ status: Type.Union([Type.Literal("open"), Type.Literal("pending"), Type.Literal("snoozed"), Type.Literal("resolved")]) });
const Unread = Type.Integer({ minimum: 0 });
// The REST answer leaves `kind` open for older clients; the protocol names each kind.
const NotificationEvent = Type.Object({
  ...NotificationSchema.properties,
  kind: Type.Union([
    Type.Literal("approved"),
    Type.Literal("rejected"),
    Type.Literal("request"),
    Type.Literal("changed"),
    Type.Literal("chat"),
    Type.Literal("live"),
    Type.Literal("expired"),
    Type.Literal("security"),
  ]),
});

type Schema = object;
/** Each event's arguments, in order. */
const STAFF: Record<keyof ServerToClient, Schema[]> = {
  live: [ResourceEventSchema],
  approval: [ApprovalEventSchema],
  notification: [NotificationEvent, Unread],
  "notifications:read": [Unread],
  presence: [PresenceSchema],
  "session:ended": [Type.String()],
  "chat:conversation": [Summary],
  "chat:message": [Message],
  "chat:typing": [StaffTyping],
};
const VISITOR: Record<keyof ChatServerToVisitor, Schema[]> = {
  "chat:message": [VisitorMessageSchema],
  "chat:typing": [VisitorTyping],
  "chat:status": [VisitorStatus],
};

/** A copy of the schema in which every object refuses keys it does not name. */
function closed(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closed);
  if (!schema || typeof schema !== "object") return schema;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) copy[key] = closed(value);
  if (copy.type === "object" && copy.properties && copy.additionalProperties === undefined) copy.additionalProperties = false;
  return copy;
}
const closedStaff = Object.fromEntries(Object.entries(STAFF).map(([k, v]) => [k, v.map(closed)])) as Record<string, Schema[]>;
const closedVisitor = Object.fromEntries(Object.entries(VISITOR).map(([k, v]) => [k, v.map(closed)])) as Record<string, Schema[]>;

/** What is wrong with one event a socket heard, or null when it is as the protocol says. */
export function protocolViolation(audience: "staff" | "visitor", event: string, args: unknown[]): string | null {
  const schemas = (audience === "staff" ? closedStaff : closedVisitor)[event] as Record<string, unknown>[] | undefined;
  if (!schemas) return `${audience} heard "${event}", which the protocol does not name`;
  if (args.length !== schemas.length) return `${audience} "${event}" had ${args.length} arguments, the protocol says ${schemas.length}`;
  for (const [i, schema] of schemas.entries()) {
    const errors = [...Value.Errors(schema, args[i])];
    if (errors.length > 0)
      return `${audience} "${event}" argument ${i}: ${errors.map((e) => `${e.instancePath || "/"} ${e.message}`).join("; ")} in ${JSON.stringify(args[i]).slice(0, 300)}`;
  }
  return null;
}

// The schemas say what the types say: each line fails to compile when one side changes alone.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Args<F> = F extends (...args: infer A) => void ? A : never;
const agrees = <_ extends true>() => undefined;
agrees<Same<Static<typeof ResourceEventSchema>, ResourceEvent>>();
agrees<Same<Static<typeof ApprovalEventSchema>, ApprovalEvent>>();
agrees<Same<Static<typeof PresenceSchema>, PresenceState>>();
agrees<Same<Static<typeof StaffTyping>, Args<ChatServerToStaff["chat:typing"]>[0]>>();
agrees<Same<Static<typeof Summary>, ConversationSummary>>();
agrees<Same<Static<typeof Message>, ChatMessage>>();
agrees<Same<Static<typeof VisitorMessageSchema>, VisitorMessage>>();
agrees<Same<Static<typeof NotificationEvent>, NotificationItem>>();
agrees<Same<Static<typeof VisitorStatus>, Args<ChatServerToVisitor["chat:status"]>[0]>>();
