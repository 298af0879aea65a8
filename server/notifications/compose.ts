// Who is told what about a change: the submitter of a decided request, the reviewers of a new
// request, the author of a record someone else changed. One entry per user and change.
import type { ResourceDefinition } from "../../resources/types.js";
import { zoneAbbreviation } from "../../protocol/timeZones.js";
import type { DecisionChange, RecordChange } from "../changes.js";
import type { Db } from "../db/client.js";
import type { Review } from "../documents/repository.js";
import type { Draft } from "./store.js";

/** The most users one change notifies (the reviewers of a center, in practice a handful). */
export const MAX_RECIPIENTS = 300;

export const approvalPage = (requestId: number) => `/app/administration/approval-page/${requestId}`;

/** The console page of a record: its history, else its form, else its list (a record gone: its list). */
export function recordLink(def: ResourceDefinition, id: number, gone = false): string {
  const { history, edit, list } = def.routes;
  if (!gone && history) return history.replace(":id", String(id));
  if (!gone && edit) return edit.replace(":id", String(id));
  return list ?? "/app/welcome";
}

const noun = (def: ResourceDefinition) => def.label.toLowerCase();
const withArticle = (def: ResourceDefinition) => `${/^[aeiou]/.test(noun(def)) ? "an" : "a"} ${noun(def)}`;
const at = (centerCode: string | null) => (centerCode ? ` at ${centerCode}` : "");
// The same in Indonesian (a definition's own Indonesian name, else its English one).
const kata = (def: ResourceDefinition) => (def.translations?.id?.label ?? def.label).toLowerCase();
const di = (centerCode: string | null) => (centerCode ? ` di ${centerCode}` : "");
const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The submitter hears of the decision on their request, unless they took it themselves. */
export function decisionDrafts({ def, request, actor }: DecisionChange): Draft[] {
  if (request.submitted_by === null || request.submitted_by === actor.id) return [];
  const approved = request.status === "approved";
  const verb = approved ? "approved" : "rejected";
  const what = request.change === "delete" ? `deletion of ${withArticle(def)}` : noun(def);
  const why = approved ? request.comment : request.reason;
  return [
    {
      userId: request.submitted_by,
      kind: approved ? "approved" : "rejected",
      title: `Your ${what} was ${verb}`,
      body: why ? `${request.title} — ${why}` : request.title,
      id: {
        title: `${capitalized(request.change === "delete" ? `penghapusan ${kata(def)}` : kata(def))} Anda ${approved ? "disetujui" : "ditolak"}`,
        body: why ? `${request.title} — ${why}` : request.title,
      },
      link: recordLink(def, request.document_id, approved && request.change === "delete"),
      resource: def.name,
      recordId: request.document_id,
      centerCode: request.center_code,
      actor,
    },
  ];
}

/**
 * Who reviews a center's requests: active users assigned there whose role reads
 * approval_management, and every active superadmin (who reviews everywhere); a global record's
 * requests go to superadmins only, as the approval queues show them.
 */
export async function reviewersOf(db: Db, centerCode: string | null, except: number): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT u.id FROM users u
     WHERE u.active AND u.id <> $2 AND (
       u.user_type = 'superadmin'
       OR EXISTS (
         SELECT 1 FROM assignments a
         JOIN centers c ON c.id = a.center_id
         JOIN role_permissions rp ON rp.role_id = a.role_id
         WHERE a.user_id = u.id AND c.center_code = $1
           AND rp.permission_key = 'approval_management' AND rp.allow_read = 1))
     ORDER BY u.id LIMIT $3`,
    [centerCode, except, MAX_RECIPIENTS],
  );
  return rows.map((r) => r.id);
}

/**
 * A saved record: with an open request, its reviewers hear of it; updated or deleted by someone
 * other than its author, the author does. A reviewer who is also the author gets the request only.
 */
export async function recordDrafts(db: Db, { def, type, record, actor }: RecordChange): Promise<Draft[]> {
  const drafts = new Map<number, Draft>();
  const title = String(record[def.titleField] ?? "") || `#${record.id}`;
  const base = { resource: def.name, recordId: record.id, centerCode: record.center_code, actor };
  const review = record.review as Review | null;

  if (def.approval && type !== "deleted" && review?.status === "pending") {
    const asked = review.change === "delete" ? `asked to delete ${withArticle(def)}` : `submitted ${withArticle(def)}`;
    for (const userId of await reviewersOf(db, record.center_code, actor.id)) {
      drafts.set(userId, {
        ...base,
        userId,
        kind: "request",
        title: `New change to review: ${title}`,
        body: `${actor.name} ${asked}${at(record.center_code)}`,
        id: {
          title: `Perubahan baru untuk ditinjau: ${title}`,
          body: `${actor.name} ${review.change === "delete" ? "meminta menghapus" : "mengajukan"} ${kata(def)}${di(record.center_code)}`,
        },
        link: approvalPage(review.id),
      });
    }
  }

  const author = record.created_by as number | null;
  if (type !== "created" && author !== null && author !== actor.id && !drafts.has(author)) {
    const pendingDelete = review?.status === "pending" && review.change === "delete";
    const did = type === "deleted" ? "deleted" : pendingDelete ? "asked to delete" : "changed";
    drafts.set(author, {
      ...base,
      userId: author,
      kind: "changed",
      title: `${actor.name} ${did} your ${noun(def)}`,
      body: title,
      id: {
        title: `${actor.name} ${type === "deleted" ? "menghapus" : pendingDelete ? "meminta menghapus" : "mengubah"} ${kata(def)} Anda`,
        body: title,
      },
      link: recordLink(def, record.id, type === "deleted"),
    });
  }
  return [...drafts.values()].slice(0, MAX_RECIPIENTS);
}

/** A scheduled transition as the sweep claimed it, with the people it concerns. */
export interface TransitionFacts {
  def: ResourceDefinition;
  transition: "live" | "down";
  id: number;
  title: string;
  centerCode: string | null;
  /** When it was due, and the center's zone to say it in. */
  at: string;
  timeZone: string;
  /** Who wrote the record and who submitted the version concerned (the same person, usually). */
  authors: readonly (number | null)[];
  /** Who approved that version (null for a type without approval). */
  approver: number | null;
}

/** "3 Dec 2026, 09:00 WIB": an instant as a center's people read it, in either language. */
function localTime(at: string, zone: string, language: "en" | "id"): string {
  const when = new Intl.DateTimeFormat(language === "id" ? "id-ID" : "en-GB", {
    timeZone: zone,
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(new Date(at));
  return `${when} ${zoneAbbreviation(zone, Date.parse(at))}`;
}

/**
 * A record went live or came down at its scheduled time: its authors hear of it, and so does the
 * reviewer who approved that schedule. Nobody acted, so no entry names an actor.
 */
export function transitionDrafts(t: TransitionFacts): Draft[] {
  const live = t.transition === "live";
  const title = t.title || `#${t.id}`;
  const base = { resource: t.def.name, recordId: t.id, centerCode: t.centerCode, actor: null, kind: live ? ("live" as const) : ("expired" as const) };
  const link = recordLink(t.def, t.id);
  const body = `${title} — ${localTime(t.at, t.timeZone, "en")}${at(t.centerCode)}`;
  const badan = `${title} — ${localTime(t.at, t.timeZone, "id")}${di(t.centerCode)}`;
  const drafts = new Map<number, Draft>();
  for (const userId of t.authors) {
    if (userId === null || drafts.has(userId)) continue;
    drafts.set(userId, {
      ...base,
      userId,
      title: live ? `Your ${noun(t.def)} went live` : `Your ${noun(t.def)} was taken down`,
      body,
      id: { title: `${capitalized(kata(t.def))} Anda ${live ? "tayang" : "diturunkan"}`, body: badan },
      link,
    });
  }
  if (t.approver !== null && !drafts.has(t.approver)) {
    drafts.set(t.approver, {
      ...base,
      userId: t.approver,
      title: live ? `${capitalized(withArticle(t.def))} you approved went live` : `${capitalized(withArticle(t.def))} you approved was taken down`,
      body,
      id: { title: `${capitalized(kata(t.def))} yang Anda setujui ${live ? "tayang" : "diturunkan"}`, body: badan },
      link,
    });
  }
  return [...drafts.values()];
}
