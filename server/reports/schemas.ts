// The reports API's shapes (checked against protocol/reports.ts by the console's use of them).
import { Type } from "typebox";
import { REPORT_FACTS_PAGE, REPORT_MAX_DAYS, REPORT_MAX_FACTS } from "./report.js";

const Day = Type.String({ format: "date", description: "A center-local day, YYYY-MM-DD" });
const Range = {
  from: Day,
  to: Type.String({ format: "date", description: `The last day, included (at most ${REPORT_MAX_DAYS} days after from)` }),
};
const CenterCode = Type.Optional(Type.String({ minLength: 1, maxLength: 20, description: "A superadmin's choice of center (staff: their own)" }));
export const Query = Type.Object({ ...Range, center_code: CenterCode }, { additionalProperties: false });
const Paging = {
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, description: "From 1" })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: REPORT_MAX_FACTS, description: `Rows a page (${REPORT_FACTS_PAGE} unless given)` })),
};
const FactKind = Type.Union([Type.Literal("conversation"), Type.Literal("first_reply"), Type.Literal("resolution"), Type.Literal("decision")]);
export const FactsQuery = Type.Object(
  {
    ...Range,
    center_code: CenterCode,
    kind: FactKind,
    user_id: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: "Only this staff member's" })),
    outcome: Type.Optional(Type.Union([Type.Literal("approved"), Type.Literal("rejected")])),
    ...Paging,
  },
  { additionalProperties: false },
);
export const CompareQuery = Type.Object(Range, { additionalProperties: false });
export const ContentQuery = Type.Object(
  {
    ...Range,
    center_code: CenterCode,
    kind: Type.Union([Type.Literal("published"), Type.Literal("expiring")], {
      description: "published: versions that went live; expiring: records that came down or are scheduled to",
    }),
    ...Paging,
  },
  { additionalProperties: false },
);

const Seconds = Type.Union([Type.Integer(), Type.Null()]);
const Figures = {
  conversations: Type.Integer(),
  first_replies: Type.Integer(),
  first_reply_median: Seconds,
  first_reply_p90: Seconds,
  resolutions: Type.Integer(),
  resolved_conversations: Type.Integer(),
  resolution_median: Seconds,
  resolution_p90: Seconds,
  decisions: Type.Integer(),
  approved: Type.Integer(),
  rejected: Type.Integer(),
  decision_median: Seconds,
  decision_p90: Seconds,
};
export const ReportData = Type.Object({
  center_code: Type.String(),
  time_zone: Type.String(),
  business_hours: Type.Object({ days: Type.Array(Type.Integer()), opens: Type.String(), closes: Type.String() }),
  from: Type.String(),
  to: Type.String(),
  days: Type.Array(Type.Object({ day: Type.String(), ...Figures })),
  staff: Type.Array(Type.Object({ user_id: Type.Integer(), user_name: Type.String(), ...Figures })),
  total: Type.Object(Figures),
  months: Type.Array(Type.Object({ month: Type.String(), published: Type.Integer(), expiring: Type.Integer() })),
  pending_days: Type.Integer(),
});
const ReportFact = Type.Object({
  kind: FactKind,
  day: Type.String(),
  at: Type.String(),
  started_at: Type.String(),
  business_seconds: Seconds,
  user_name: Type.Union([Type.String(), Type.Null()]),
  conversation: Type.Union([Type.Object({ id: Type.Integer(), number: Type.Integer(), contact_name: Type.String() }), Type.Null()]),
  request: Type.Union([
    Type.Object({
      id: Type.Integer(),
      title: Type.String(),
      resource: Type.String(),
      outcome: Type.Union([Type.Literal("approved"), Type.Literal("rejected")]),
    }),
    Type.Null(),
  ]),
});
export const FactsData = Type.Object({ facts: Type.Array(ReportFact), total: Type.Integer(), page: Type.Integer(), limit: Type.Integer() });
export const ContentData = Type.Object({
  events: Type.Array(
    Type.Object({
      at: Type.String({ format: "date-time" }),
      how: Type.Union([Type.Literal("went_live"), Type.Literal("came_down"), Type.Literal("scheduled")]),
      resource: Type.String(),
      resource_label: Type.String(),
      record_id: Type.Integer(),
      version: Type.Union([Type.Integer(), Type.Null()]),
      title: Type.String(),
      deleted: Type.Boolean(),
    }),
  ),
  total: Type.Integer(),
  page: Type.Integer(),
  limit: Type.Integer(),
});
export const CentersData = Type.Object({
  from: Type.String(),
  to: Type.String(),
  centers: Type.Array(Type.Object({ center_code: Type.String(), center_name: Type.String(), time_zone: Type.String(), ...Figures })),
});
