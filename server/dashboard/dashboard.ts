// The welcome page's blocks for one caller: each computed the way the screen behind it computes
// its own list (the approval queues and their counts, the inbox's tabs, the calendar), and each
// only for a caller whose permissions reach that screen, so a count never promises what the link
// then refuses.
import type { FastifyRequest } from "fastify";
import type { DashboardAnswer, InboxSummary, OwnChanges, QueueWaiting, WeekOnCalendar } from "../../protocol/dashboard.js";
import type { ResourceDefinition } from "../../resources/types.js";
import type { Db } from "../db/client.js";
import type { Scope } from "../documents/query.js";
import { allows } from "../lib/permissions.js";
import { listRequests, ownChanges } from "../approvals/requests.js";
import { longestWaiting, tabCounts, type ChatScope } from "../chats/repository.js";
import { calendarEntries, readableScheduled, weekOf } from "../schedule/calendar.js";
import { zoneOfCenter } from "../schedule/zones.js";

/** How many of the caller's own changes, and of the week's coming transitions, are listed. */
export const LISTED = 5;

export interface DashboardContext {
  db: Db;
  now: number;
  /** The approval queues, each with its types (in the definitions' order). */
  queues: ReadonlyMap<string, readonly ResourceDefinition[]>;
  /** Types under approval, and the scheduled ones. */
  approvalTypes: readonly ResourceDefinition[];
  scheduledTypes: readonly ResourceDefinition[];
  /** A type's label in the caller's language. */
  labels: ReadonlyMap<string, string>;
}

/** The center a staff member works at, or every center for a superadmin without one. */
function callerScope(request: FastifyRequest): Scope | null {
  if (request.center) return { kind: "center", code: request.center.center_code };
  return request.user.isSuperadmin ? { kind: "all" } : null;
}

/** Per queue, what waits for the caller's decision (as the sidebar counts it) and its oldest request. */
async function waitingForMe(ctx: DashboardContext, request: FastifyRequest, scope: Scope): Promise<QueueWaiting[]> {
  // Nobody decides their own change, except a superadmin.
  const excludeSubmitter = request.user.isSuperadmin ? undefined : request.user.id;
  const answer: QueueWaiting[] = [];
  for (const [queue, defs] of ctx.queues) {
    const resources = defs.map((d) => d.name);
    const { docs, totalDocs } = await listRequests(ctx.db, { resources, status: "pending", scope, excludeSubmitter }, 1, 1);
    const oldest = docs[0];
    answer.push({
      queue,
      count: totalDocs,
      oldest: oldest
        ? {
            id: oldest.id,
            record_id: oldest.document_id,
            resource: oldest.resource,
            resource_label: ctx.labels.get(oldest.resource) ?? oldest.resource,
            title: oldest.title,
            submitted_at: oldest.submitted_at,
            submitted_by_name: oldest.submitted_by_name,
          }
        : null,
    });
  }
  return answer;
}

async function myChanges(ctx: DashboardContext, request: FastifyRequest, scope: Scope, resources: string[]): Promise<OwnChanges> {
  const own = await ownChanges(ctx.db, request.user.id, resources, scope, LISTED);
  return { ...own, items: own.items.map((item) => ({ ...item, resource_label: ctx.labels.get(item.resource) ?? item.resource })) };
}

async function inbox(ctx: DashboardContext, request: FastifyRequest, scope: ChatScope): Promise<InboxSummary> {
  const counts = await tabCounts(ctx.db, request.user.id, scope, "open");
  const longest = await longestWaiting(ctx.db, request.user.id, scope);
  return {
    open: counts.all,
    unassigned: counts.unassigned,
    mine: counts.mine,
    longest_waiting: longest ? { id: longest.id, number: longest.number, contact_name: longest.contact.name, waiting_since: longest.waiting_since! } : null,
  };
}

async function week(ctx: DashboardContext, request: FastifyRequest, zone: string): Promise<WeekOnCalendar | null> {
  const readable = readableScheduled(request, ctx.scheduledTypes);
  if (readable.length === 0) return null;
  const { from, to } = weekOf(ctx.now, zone);
  const { entries } = await calendarEntries(ctx.db, readable, { from, to, now: ctx.now, labels: ctx.labels });
  const coming = entries.filter((e) => (e.state === "scheduled" || e.state === "pending") && Date.parse(e.at) >= ctx.now);
  return {
    from,
    to,
    // As the calendar's week shows them: done, approved and proposed alike.
    going_live: entries.filter((e) => e.transition === "live").length,
    coming_down: entries.filter((e) => e.transition === "down").length,
    upcoming: coming.slice(0, LISTED),
  };
}

/** The blocks the caller's permissions allow, at their center (a superadmin without one: all centers). */
export async function dashboardFor(ctx: DashboardContext, request: FastifyRequest): Promise<DashboardAnswer> {
  const scope = callerScope(request);
  const zone = await zoneOfCenter(ctx.db, request.center?.center_code ?? null);
  const answer: DashboardAnswer = { now: new Date(ctx.now).toISOString(), time_zone: zone };
  if (!scope) return answer;

  if (allows(request.permissions, "approval_management", "update")) answer.approvals = await waitingForMe(ctx, request, scope);

  const writable = ctx.approvalTypes
    .filter((d) => (["create", "update"] as const).some((mode) => d.openModes?.includes(mode) || allows(request.permissions, d.permissionKey, mode)))
    .map((d) => d.name);
  if (writable.length > 0) answer.my_changes = await myChanges(ctx, request, scope, writable);

  // The inbox is every staff member's at their center (as /api/chats answers them).
  answer.inbox = await inbox(ctx, request, scope.kind === "center" ? scope : { kind: "all" });

  const calendar = await week(ctx, request, zone);
  if (calendar) answer.calendar = calendar;
  return answer;
}
