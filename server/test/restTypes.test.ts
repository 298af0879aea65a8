// The REST shapes the console uses (protocol/api.ts, protocol/chat.ts) against the server's schemas.
// TypeBox schemas are compared whole, at compile time (`npm run typecheck`): each `agrees` line
// fails to compile when a schema or a protocol type changes alone. The approval and record
// schemas are plain JSON Schema, which TypeScript cannot read into a type: their property names
// are compared instead (at compile time and here), and the approval handlers build their answers
// as the protocol's types (`satisfies`, server/approvals/routes.ts).
import type { Static, TSchema } from "typebox";
import { describe, expect, it } from "vitest";
import type {
  AdminCenter as AdminCenterType,
  ApiEnvelope,
  ApiLocale,
  ApprovalDetail,
  ApprovalRequest,
  AssignmentRole as AssignmentRoleType,
  CalendarAnswer,
  CenterRef as CenterRefType,
  DocumentFields,
  ErrorBody as ErrorBodyType,
  ListColumnsAnswer,
  ListColumnsBody as ListColumnsBodyType,
  LocaleBody as LocaleBodyType,
  LoginAnswer,
  LoginBody as LoginBodyType,
  Page,
  PasswordAnswer,
  PasswordBody as PasswordBodyType,
  PermissionEntry,
  Review,
  RoleDoc,
  ScheduleFields,
  RoleRef as RoleRefType,
  SessionAnswer,
  UserDoc,
} from "../../protocol/api.js";
import type { CannedReply as CannedReplyType, ConversationDetail, ConversationPage, ThreadPage } from "../../protocol/chat.js";
import type * as TwoFactor from "../../protocol/twoFactor.js";
import type * as TwoFactorSchemas from "../twoFactor/schemas.js";
import type { Locale } from "../../resources/types.js";
import { approvalDetailSchema, approvalRequestSchema } from "../approvals/schemas.js";
import type { CannedList, CannedReply, Detail, ListAnswer, ThreadAnswer } from "../chats/schemas.js";
import { reviewSchema, scheduleProperties, systemProperties } from "../documents/schemas.js";
import type { ErrorBody, list, ok, RoleRef, WirePermission } from "../http/schemas.js";
import type { LocaleBody, LoginBody, LoginData, PasswordBody } from "../routes/auth.js";
import type { AdminCenter, CenterRef } from "../routes/centers.js";
import type { ListColumnsBody, ListColumnsData } from "../routes/listColumns.js";
import type { AssignmentRole } from "../routes/permissions.js";
import type { CalendarData } from "../schedule/routes.js";
import type { DashboardData } from "../dashboard/schemas.js";
import type { DashboardAnswer } from "../../protocol/dashboard.js";
import type { SessionData } from "../routes/verify.js";
import type { RoleDocSchema } from "../users/roleRoutes.js";
import type { UserDocSchema } from "../users/routes.js";

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const agrees = <_ extends true>() => undefined;
/** What an `ok(schema)` answer carries. */
type Data<S extends TSchema> = Static<S> extends { data: infer D } ? D : never;

// The envelope, a page, an error.
agrees<Same<Static<typeof ErrorBody>, ErrorBodyType>>();
agrees<Same<Data<ReturnType<typeof list<typeof CenterRef>>>, Page<CenterRefType>>>();
agrees<Same<Omit<Static<ReturnType<typeof ok<typeof CenterRef>>>, "statusCode">, Omit<ApiEnvelope<CenterRefType>, "statusCode">>>();
// The session.
agrees<Same<ApiLocale, Locale>>();
agrees<Same<Static<typeof LoginBody>, LoginBodyType>>();
agrees<Same<Static<typeof LoginData>, LoginAnswer>>();
agrees<Same<Static<typeof PasswordBody>, PasswordBodyType>>();
agrees<Same<Static<typeof LocaleBody>, LocaleBodyType>>();
agrees<Same<Static<typeof ListColumnsBody>, ListColumnsBodyType>>();
agrees<Same<Static<typeof ListColumnsData>, ListColumnsAnswer>>();
agrees<Same<Static<typeof WirePermission>, PermissionEntry>>();
agrees<Same<Static<typeof SessionData>, SessionAnswer>>();
agrees<Same<Static<typeof AssignmentRole>, AssignmentRoleType>>();
agrees<Same<PasswordAnswer, { token: string }>>();
// Two-factor sign-in.
agrees<Same<Static<typeof TwoFactorSchemas.SecondStepData>, TwoFactor.SecondStepAnswer>>();
agrees<Same<Static<typeof TwoFactorSchemas.SecondFactorBody>, TwoFactor.SecondFactorBody>>();
agrees<Same<Static<typeof TwoFactorSchemas.SecondFactorData>, TwoFactor.SecondFactorAnswer>>();
agrees<Same<Static<typeof TwoFactorSchemas.TotpSetup>, TwoFactor.TotpSetup>>();
agrees<Same<Static<typeof TwoFactorSchemas.EnrolledData>, TwoFactor.EnrolledAnswer>>();
agrees<Same<Static<typeof TwoFactorSchemas.TotpConfirmed>, TwoFactor.TotpConfirmed>>();
agrees<Same<Static<typeof TwoFactorSchemas.TwoFactorStatus>, TwoFactor.TwoFactorStatus>>();
// Centers, users, roles.
agrees<Same<Static<typeof RoleRef>, RoleRefType>>();
agrees<Same<Static<typeof CenterRef>, CenterRefType>>();
agrees<Same<Static<typeof AdminCenter>, AdminCenterType>>();
agrees<Same<Static<typeof UserDocSchema>, UserDoc>>();
agrees<Same<Static<typeof RoleDocSchema>, RoleDoc>>();
// Chats (the socket's shapes are in protocolEvents.ts).
agrees<Same<Static<typeof Detail>, ConversationDetail>>();
agrees<Same<Data<typeof ListAnswer>, ConversationPage>>();
agrees<Same<Data<typeof ThreadAnswer>, ThreadPage>>();
agrees<Same<Static<typeof CannedReply>, CannedReplyType>>();
// The publishing calendar.
agrees<Same<Static<typeof CalendarData>, CalendarAnswer>>();
agrees<Same<Static<typeof DashboardData>, DashboardAnswer>>();
agrees<Same<Data<typeof CannedList>, Page<CannedReplyType>>>();

// JSON Schema objects: the names their properties declare.
type Names<S extends { properties: object }> = keyof S["properties"];
agrees<Same<Names<typeof approvalRequestSchema>, keyof ApprovalRequest>>();
agrees<Same<Names<typeof approvalDetailSchema>, keyof ApprovalDetail>>();
agrees<Same<Names<typeof reviewSchema>, keyof Review>>();
agrees<Same<keyof typeof systemProperties | "id", keyof DocumentFields>>();
agrees<Same<keyof typeof scheduleProperties, keyof ScheduleFields>>();

describe("the REST shapes of protocol/", () => {
  // The compile-time lines above are the check; this states the same of the values the server
  // serialises with, so a schema built differently at run time (a spread, a computed key) shows too.
  it("names every property the JSON Schemas of approvals and records declare", () => {
    const names = (schema: { properties: object }) => Object.keys(schema.properties).sort();
    const requestKeys: (keyof ApprovalRequest)[] = [
      "id",
      "queue",
      "resource",
      "resource_label",
      "record_id",
      "center_code",
      "center_web_name",
      "title",
      "change",
      "status",
      "version",
      "note",
      "submitted_by_name",
      "submitted_at",
      "decided_by_name",
      "decided_at",
      "reason",
      "comment",
      "image",
      "proposed",
      "go_live_at",
      "take_down_at",
    ];
    expect(names(approvalRequestSchema)).toEqual([...requestKeys].sort());
    const detailKeys: (keyof ApprovalDetail)[] = [
      "live",
      "live_version",
      "changes",
      "can_decide",
      "history",
      "next_id",
      "schedule",
      "center_time_zone",
      "scheduled",
    ];
    expect(names(approvalDetailSchema)).toEqual([...requestKeys, ...detailKeys].sort());
    const reviewKeys: (keyof Review)[] = ["id", "change", "status", "reason", "comment", "submitted_by_name", "submitted_at", "decided_by_name", "decided_at"];
    expect(names(reviewSchema)).toEqual([...reviewKeys].sort());
    const documentKeys: (keyof DocumentFields)[] = [
      "center_code",
      "center_web_name",
      "status",
      "version",
      "created_at",
      "updated_at",
      "created_by",
      "updated_by",
      "created_by_name",
      "updated_by_name",
      "live_version",
      "review",
    ];
    expect(Object.keys(systemProperties).sort()).toEqual([...documentKeys].sort());
    const scheduleKeys: (keyof ScheduleFields)[] = ["go_live_at", "take_down_at", "schedule", "center_time_zone"];
    expect(Object.keys(scheduleProperties).sort()).toEqual([...scheduleKeys].sort());
  });
});
