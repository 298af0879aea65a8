// Request and answer schemas of the chat API (they appear in /api/openapi.json).
import { Type } from "typebox";
import { MESSAGE_MAX, NAME_MAX } from "../../protocol/chat.js";
import { Id, list, ok } from "../http/schemas.js";

const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);
const Time = Type.String({ format: "date-time" });
const Person = Type.Object({ id: Type.Integer(), name: Type.String() });
const Status = Type.Union([Type.Literal("open"), Type.Literal("pending"), Type.Literal("snoozed"), Type.Literal("resolved")]);

export const Summary = Type.Object({
  id: Type.Integer(),
  number: Type.Integer(),
  center_code: Type.String(),
  status: Status,
  contact: Type.Object({ id: Type.Integer(), name: Type.String(), email: Nullable(Type.String()), phone: Nullable(Type.String()) }),
  assignee: Type.Union([Person, Type.Null()]),
  snoozed_until: Nullable(Time),
  waiting_since: Nullable(Time),
  first_reply_at: Nullable(Time),
  last_activity_at: Time,
  preview: Type.String(),
  unread: Type.Integer(),
  created_at: Time,
});

export const Detail = Type.Intersect([
  Type.Omit(Summary, ["contact"]),
  Type.Object({
    contact: Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      email: Nullable(Type.String()),
      phone: Nullable(Type.String()),
      language: Nullable(Type.String()),
      first_page: Nullable(Type.String()),
      referrer: Nullable(Type.String()),
      last_seen_at: Nullable(Time),
      created_at: Time,
    }),
    past: Type.Array(Type.Object({ id: Type.Integer(), number: Type.Integer(), status: Status, created_at: Time, preview: Type.String() })),
  }),
]);

export const Message = Type.Object({
  id: Type.Integer(),
  conversation_id: Type.Integer(),
  kind: Type.Union([Type.Literal("visitor"), Type.Literal("staff"), Type.Literal("note"), Type.Literal("activity")]),
  text: Type.String(),
  attachment: Nullable(Type.String()),
  author: Type.Union([Person, Type.Null()]),
  created_at: Time,
});

export const VisitorMessageSchema = Type.Object({
  id: Type.Integer(),
  kind: Type.Union([Type.Literal("visitor"), Type.Literal("staff")]),
  text: Type.String(),
  attachment: Nullable(Type.String()),
  author_name: Nullable(Type.String()),
  created_at: Time,
});

const Counts = Type.Object({ mine: Type.Integer(), unassigned: Type.Integer(), all: Type.Integer() });

export const ListQuery = Type.Object(
  {
    status: Type.Optional(Status),
    tab: Type.Optional(Type.Union([Type.Literal("mine"), Type.Literal("unassigned"), Type.Literal("all")])),
    q: Type.Optional(Type.String({ maxLength: 200 })),
    center_code: Type.Optional(Type.String({ maxLength: 40 })),
    page: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
    limit: Type.Integer({ minimum: 1, maximum: 100, default: 25 }),
  },
  { additionalProperties: false },
);

export const ListAnswer = ok(
  Type.Object({
    docs: Type.Array(Summary),
    totalDocs: Type.Integer(),
    page: Type.Integer(),
    limit: Type.Integer(),
    totalPages: Type.Integer(),
    counts: Counts,
    unread_total: Type.Integer(),
  }),
);

export const IdParams = Type.Object({ id: Id });
export const ThreadQuery = Type.Object(
  { before: Type.Optional(Id), limit: Type.Integer({ minimum: 1, maximum: 100, default: 50 }) },
  { additionalProperties: false },
);
export const ThreadAnswer = ok(Type.Object({ docs: Type.Array(Message), has_more: Type.Boolean() }));

const Text = Type.String({ maxLength: MESSAGE_MAX, "x-message": `must be at most ${MESSAGE_MAX} characters` });
/** A visitor's message: never empty (a blank one is refused by the handler too). */
const RequiredText = Type.String({ minLength: 1, maxLength: MESSAGE_MAX });
/** An uploaded image of this server, as POST /api/uploads answers it. */
export const Attachment = Type.String({ pattern: "^/uploads/[a-f0-9]{32}\\.(png|jpg|gif|webp)$", "x-message": "must be an image uploaded here" });

export const SendBody = Type.Object(
  {
    text: Type.Optional(Text),
    kind: Type.Optional(Type.Union([Type.Literal("reply"), Type.Literal("note")])),
    attachment: Type.Optional(Type.Union([Attachment, Type.Null()])),
  },
  { additionalProperties: false },
);
export const AssignBody = Type.Object({ assignee_id: Type.Union([Id, Type.Null()]) }, { additionalProperties: false });
export const StatusBody = Type.Object({ status: Status, snoozed_until: Type.Optional(Type.Union([Time, Type.Null()])) }, { additionalProperties: false });

export const CannedReply = Type.Object({ id: Type.Integer(), center_code: Type.String(), short_code: Type.String(), text: Type.String(), updated_at: Time });
export const CannedBody = Type.Object(
  {
    short_code: Type.String({ minLength: 1, maxLength: 40, pattern: "^[A-Za-z0-9_-]+$", "x-message": "use letters, digits, - and _ only" }),
    text: Type.String({ minLength: 1, maxLength: MESSAGE_MAX }),
    center_code: Type.Optional(Type.String({ maxLength: 40 })),
  },
  { additionalProperties: false },
);
export const CannedList = list(CannedReply);

export const StartBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: NAME_MAX }),
    email: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()])),
    phone: Type.Optional(Type.Union([Type.String({ maxLength: 40 }), Type.Null()])),
    message: RequiredText,
    language: Type.Optional(Type.String({ maxLength: 20 })),
    page: Type.Optional(Type.String({ maxLength: 1000 })),
    referrer: Type.Optional(Type.String({ maxLength: 1000 })),
  },
  { additionalProperties: false },
);
export const VisitorSendBody = Type.Object({ text: RequiredText }, { additionalProperties: false });
export const CenterParams = Type.Object({ center: Type.String({ maxLength: 40 }) });
export const VisitorConversation = Type.Object({
  id: Type.Integer(),
  number: Type.Integer(),
  status: Status,
  center_code: Type.String(),
  center_name: Type.String(),
  opening_hours: Nullable(Type.String()),
});
