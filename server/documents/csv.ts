// CSV for spreadsheets: UTF-8 with a byte-order mark (so Excel reads it as UTF-8), RFC 4180
// quoting, and cells that a spreadsheet would run as a formula made inert.
import type { Field, ResourceDefinition } from "../../resources/types.js";
import type { Doc } from "./repository.js";
import { htmlToText } from "./sanitize.js";

export const BOM = "\uFEFF";

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

function fieldText(field: Field, value: unknown): unknown {
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
      return value ? "Yes" : "No";
    default:
      return value;
  }
}

export function header(def: ResourceDefinition): string {
  return row(["ID", ...exportedFields(def).map((f) => f.label), ...(def.scope === "center" ? ["Center"] : []), "Status", "Created", "Updated"]);
}

export function line(def: ResourceDefinition, doc: Doc): string {
  return row([
    doc.id,
    ...exportedFields(def).map((f) => fieldText(f, doc[f.name])),
    ...(def.scope === "center" ? [doc.center_code] : []),
    doc.status,
    doc.created_at,
    doc.updated_at,
  ]);
}
