// The answer of GET /api/dashboard (protocol/dashboard.ts): checked against the protocol's types
// at compile time (server/test/restTypes.test.ts).
import { Type } from "typebox";
import { CalendarEntry } from "../schedule/routes.js";

const Instant = Type.String({ format: "date-time" });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

export const OldestRequest = Type.Object({
  id: Type.Integer(),
  record_id: Type.Integer(),
  resource: Type.String(),
  resource_label: Type.String(),
  title: Type.String(),
  submitted_at: Instant,
  submitted_by_name: Nullable(Type.String()),
});

export const QueueWaiting = Type.Object({ queue: Type.String(), count: Type.Integer(), oldest: Nullable(OldestRequest) });

export const OwnChange = Type.Object({
  request_id: Type.Integer(),
  record_id: Type.Integer(),
  resource: Type.String(),
  resource_label: Type.String(),
  title: Type.String(),
  change: Type.Union([Type.Literal("create"), Type.Literal("update"), Type.Literal("delete")]),
  status: Type.Union([Type.Literal("pending"), Type.Literal("rejected")]),
  submitted_at: Instant,
  decided_at: Nullable(Instant),
  reason: Nullable(Type.String()),
});

export const OwnChanges = Type.Object({ pending: Type.Integer(), rejected: Type.Integer(), items: Type.Array(OwnChange) });

export const LongestWaiting = Type.Object({ id: Type.Integer(), number: Type.Integer(), contact_name: Type.String(), waiting_since: Instant });

export const InboxSummary = Type.Object({
  open: Type.Integer(),
  unassigned: Type.Integer(),
  mine: Type.Integer(),
  longest_waiting: Nullable(LongestWaiting),
});

export const WeekOnCalendar = Type.Object({
  from: Instant,
  to: Instant,
  going_live: Type.Integer(),
  coming_down: Type.Integer(),
  upcoming: Type.Array(CalendarEntry),
});

export const DashboardData = Type.Object({
  now: Instant,
  time_zone: Type.String(),
  approvals: Type.Optional(Type.Array(QueueWaiting)),
  my_changes: Type.Optional(OwnChanges),
  inbox: Type.Optional(InboxSummary),
  calendar: Type.Optional(WeekOnCalendar),
});

export const DashboardQuery = Type.Object(
  {
    blocks: Type.Optional(
      Type.String({
        maxLength: 100,
        description: "Only these blocks, comma-separated (approvals, my_changes, inbox, calendar); all when absent",
      }),
    ),
  },
  { additionalProperties: false },
);
