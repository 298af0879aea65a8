// CSV for spreadsheets: UTF-8 with a byte-order mark (so Excel reads it as UTF-8), RFC 4180
// quoting, and cells that a spreadsheet would run as a formula made inert.
import type { Field, Locale, ResourceDefinition } from "../../resources/types.js";
import type { Doc } from "./repository.js";
import { htmlToText } from "./sanitize.js";

export const BOM = "\uFEFF";

/** The words a CSV adds to a definition's own (which come localized with it). */
const WORDS: Record<Locale, { id: string; center: string; status: string; created: string; updated: string; yes: string; no: string }> = {
  en: { id: "ID", center: "Center", status: "Status", created: "Created", updated: "Updated", yes: "Yes", no: "No" },
  id: { id: "ID", center: "Center", status: "Status", created: "Dibuat", updated: "Diperbarui", yes: "Ya", no: "Tidak" },
};

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

export function header(def: ResourceDefinition, locale: Locale = "en"): string {
  const w = WORDS[locale];
  return row([w.id, ...exportedFields(def).map((f) => f.label), ...(def.scope === "center" ? [w.center] : []), w.status, w.created, w.updated]);
}

export function line(def: ResourceDefinition, doc: Doc, locale: Locale = "en"): string {
  return row([
    doc.id,
    ...exportedFields(def).map((f) => fieldText(f, doc[f.name], locale)),
    ...(def.scope === "center" ? [doc.center_code] : []),
    doc.status,
    doc.created_at,
    doc.updated_at,
  ]);
}
