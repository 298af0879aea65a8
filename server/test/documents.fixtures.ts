// Test-only helpers for the documents engine: an extra definition that exists in no file, and valid
// bodies for any definition, so one loop covers every content type.
import { breaksRule } from "../../resources/compile.js";
import type { Field, ResourceDefinition } from "../../resources/types.js";

export { testimonials } from "../../resources/fixtures/testimonials.js";

function sampleValue(field: Field, n: number): unknown {
  switch (field.type) {
    case "text":
      if (field.pattern) return field.name === "phone" ? `+62 21 555 ${String(1000 + n)}` : `sample-${n}-${Math.random().toString(36).slice(2, 8)}`;
      return `Sample ${field.label} ${n}`;
    case "textarea":
      return `Sample ${field.label.toLowerCase()} number ${n}`;
    case "richtext":
      return `<p>Sample <strong>${field.label}</strong> ${n}</p>`;
    case "url":
      return `https://example.com/${n}`;
    case "email":
      return `sample${n}@example.com`;
    case "number":
      return Math.min(field.max ?? 1_000_000, Math.max(field.min ?? 0, n));
    case "boolean":
      return n % 2 === 0;
    case "date":
      return "2026-06-01";
    case "datetime":
      return field.name === "ends_at" ? "2026-06-01T12:00:00+07:00" : "2026-06-01T10:00:00+07:00";
    case "select":
      return field.options[n % field.options.length]!.value;
    case "multiselect":
      return field.options ? [field.options[0]!.value] : ["sample"];
    case "image":
      return null;
    case "reference":
      return null;
    default:
      return null;
  }
}

/** A valid create body (required fields and a few optional ones). */
export function sampleBody(def: ResourceDefinition, n = 1): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of def.fields) {
    const value = sampleValue(field, n);
    if (value !== null) body[field.name] = value;
  }
  // Two choices in order (a closing time after the opening): the first option, and the last.
  for (const rule of def.rules ?? []) {
    const field = def.fields.find((f) => f.name === rule.field);
    if (field?.type !== "select" || !breaksRule(def, rule, (name) => body[name])) continue;
    body[rule.than] = field.options[0]!.value;
    body[rule.field] = field.options.at(-1)!.value;
  }
  return body;
}
