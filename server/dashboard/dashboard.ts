// The welcome page's blocks for one caller: each computed the way the screen behind it computes
// its own list (the approval queues and their counts, the inbox's tabs, the calendar), and each
// only for a caller whose permissions reach that screen, so a count never promises what the link
// then refuses.
import type { FastifyRequest } from "fastify";
import type { DashboardAnswer, DashboardBlock, InboxSummary, OwnChanges, QueueWaiting, WeekOnCalendar } from "../../protocol/dashboard.js";
import type { ResourceDefinition } from "../../resources/types.js";
import type { Db } from "../db/client.js";
import type { Scope } from "../documents/query.js";
import { allows } from "../lib/permissions.js";
import { openByResource, ownChanges } from "../approvals/requests.js";
import { longestWaiting, tabCounts, type ChatScope } from "../chats/repository.js";
import { calendarSummary, readableScheduled, weekOf } from "../schedule/calendar.js";
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
  const queues = [...ctx.queues].map(([queue, defs]) => ({ queue, resources: defs.map((d) => d.name) }));
  const open = await openByResource(
    ctx.db,
    queues.flatMap((q) => q.resources),
    scope,
    excludeSubmitter,
  );
  return queues.map(({ queue, resources }): QueueWaiting => {
    const mine = resources.flatMap((r) => open.get(r) ?? []);
    const oldest = mine.map((m) => m.oldest).sort((a, b) => Date.parse(a.submitted_at) - Date.parse(b.submitted_at) || a.id - b.id)[0];
    return {
      queue,
      count: mine.reduce((sum, m) => sum + m.count, 0),
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
    };
  });
}

async function myChanges(ctx: DashboardContext, request: FastifyRequest, scope: Scope, resources: string[]): Promise<OwnChanges> {
  const own = await ownChanges(ctx.db, request.user.id, resources, scope, LISTED);
  return { ...own, items: own.items.map((item) => ({ ...item, resource_label: ctx.labels.get(item.resource) ?? item.resource })) };
}

async function inbox(ctx: DashboardContext, request: FastifyRequest, scope: ChatScope): Promise<InboxSummary> {
  const [counts, longest] = await Promise.all([tabCounts(ctx.db, request.user.id, scope, "open"), longestWaiting(ctx.db, request.user.id, scope)]);
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
  // As the calendar's week shows them: done, approved and proposed alike.
  const summary = await calendarSummary(ctx.db, readable, { from, to, now: ctx.now, labels: ctx.labels, listed: LISTED });
  return { from, to, ...summary };
}

/**
 * The blocks the caller's permissions allow, at their center (a superadmin without one: all
 * centers); only the `wanted` ones (a live event refreshes what it changed).
 */
export async function dashboardFor(ctx: DashboardContext, request: FastifyRequest, wanted: ReadonlySet<DashboardBlock>): Promise<DashboardAnswer> {
  const scope = callerScope(request);
  const zone = await zoneOfCenter(ctx.db, request.center?.center_code ?? null);
  const answer: DashboardAnswer = { now: new Date(ctx.now).toISOString(), time_zone: zone };
  if (!scope) return answer;

  const writable = ctx.approvalTypes
    .filter((d) => (["create", "update"] as const).some((mode) => d.openModes?.includes(mode) || allows(request.permissions, d.permissionKey, mode)))
    .map((d) => d.name);
  // The blocks are independent: asked together.
  const [approvals, myOwn, inboxBlock, calendar] = await Promise.all([
    wanted.has("approvals") && allows(request.permissions, "approval_management", "update") ? waitingForMe(ctx, request, scope) : undefined,
    wanted.has("my_changes") && writable.length > 0 ? myChanges(ctx, request, scope, writable) : undefined,
    // The inbox is every staff member's at their center (as /api/chats answers them).
    wanted.has("inbox") ? inbox(ctx, request, scope.kind === "center" ? scope : { kind: "all" }) : undefined,
    wanted.has("calendar") ? week(ctx, request, zone) : undefined,
  ]);
  if (approvals) answer.approvals = approvals;
  if (myOwn) answer.my_changes = myOwn;
  if (inboxBlock) answer.inbox = inboxBlock;
  if (calendar) answer.calendar = calendar;
  return answer;
}
