// CSV for spreadsheets: UTF-8 with a byte-order mark (so Excel reads it as UTF-8), RFC 4180
// quoting, and cells that a spreadsheet would run as a formula made inert.
import { CHANGE_NAMES, recordStateKind, STATE_NAMES } from "../../protocol/recordState.js";
import type { Field, Locale, ResourceDefinition } from "../../resources/types.js";
import { DEFAULT_TIME_ZONE, inZone } from "../lib/dates.js";
import type { Doc } from "./repository.js";
import { htmlToText } from "./sanitize.js";

export const BOM = "\uFEFF";

/** The words a CSV adds to a definition's own (which come localized with it). */
const WORDS: Record<Locale, { id: string; center: string; state: string; pendingChange: string; created: string; updated: string; yes: string; no: string }> = {
  en: { id: "ID", center: "Center", state: "State", pendingChange: "Pending change", created: "Created", updated: "Updated", yes: "Yes", no: "No" },
  id: {
    id: "ID",
    center: "Center",
    state: "Status publikasi",
    pendingChange: "Perubahan menunggu",
    created: "Dibuat",
    updated: "Diperbarui",
    yes: "Ya",
    no: "Tidak",
  },
};

/** What a CSV's lines are written for: the definition in the reader's language, and each center's zone. */
export interface CsvContext {
  def: ResourceDefinition;
  locale: Locale;
  /** A center's IANA zone; records without a center, and centers not listed, use DEFAULT_TIME_ZONE. */
  zones: ReadonlyMap<string, string>;
}

/** A cell as text: quoted when it holds a comma, quote or line break; a leading =, +, - or @ escaped. */
export function cell(value: unknown): string {
  let text = value === null || value === undefined ? "" : String(value);
  // A spreadsheet runs "=HYPERLINK(…)" typed by anyone who can write a record: keep it text.
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const row = (values: readonly unknown[]) => `${values.map(cell).join(",")}\r\n`;

/** The fields a CSV carries: every field of the type that holds a value a cell can show. */
export function exportedFields(def: ResourceDefinition): Field[] {
  return def.fields.filter((f) => f.type !== "assignments" && f.type !== "permissions");
}

function fieldText(field: Field, value: unknown, locale: Locale): unknown {
  if (value === null || value === undefined) return "";
  switch (field.type) {
    case "richtext":
      return htmlToText(String(value));
    case "select": {
      const option = field.options.find((o) => o.value === value);
      return option ? option.label : value;
    }
    case "multiselect":
      return Array.isArray(value) ? value.map((v) => field.options?.find((o) => o.value === v)?.label ?? v).join("; ") : value;
    case "boolean":
      return value ? WORDS[locale].yes : WORDS[locale].no;
    default:
      return value;
  }
}

export function header({ def, locale }: CsvContext): string {
  const w = WORDS[locale];
  return row([
    w.id,
    ...exportedFields(def).map((f) => f.label),
    ...(def.scope === "center" ? [w.center] : []),
    w.state,
    ...(def.approval ? [w.pendingChange] : []),
    w.created,
    w.updated,
  ]);
}

/** The values the website shows: the last approved version's, or the record's own while it has none. */
function shown(def: ResourceDefinition, doc: Doc): Record<string, unknown> {
  if (!def.approval || !doc.live) return doc;
  return doc.live;
}

/** "Edit: Job title, Department" — what the waiting request would change, in the reader's words. */
function pendingChange(def: ResourceDefinition, doc: Doc, locale: Locale): string {
  const review = doc.review;
  if (review?.status !== "pending") return "";
  const name = CHANGE_NAMES[locale][review.change];
  if (review.change !== "update" || !doc.live) return name;
  const live = doc.live;
  const changed = exportedFields(def).filter((f) => JSON.stringify(doc[f.name] ?? null) !== JSON.stringify(live[f.name] ?? null));
  return changed.length ? `${name}: ${changed.map((f) => f.label).join(", ")}` : name;
}

export function line({ def, locale, zones }: CsvContext, doc: Doc): string {
  const values = shown(def, doc);
  const zone = (doc.center_code && zones.get(doc.center_code)) || DEFAULT_TIME_ZONE;
  const kind = recordStateKind(doc);
  return row([
    doc.id,
    ...exportedFields(def).map((f) => fieldText(f, values[f.name], locale)),
    ...(def.scope === "center" ? [doc.center_code] : []),
    kind ? STATE_NAMES[locale][kind] : doc.status,
    ...(def.approval ? [pendingChange(def, doc, locale)] : []),
    inZone(String(doc.created_at), zone),
    inZone(String(doc.updated_at), zone),
  ]);
}
