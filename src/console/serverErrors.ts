import { HttpError } from "../../providers/http";
import { t } from "../../providers/i18n";

/** What a sentence about a field needs: the record's label ("Post") and each field's label. */
export interface FieldLabels {
  label: string;
  fields: readonly { name: string; label: string }[];
}

const humanize = (name: string) => {
  const words = name.replace(/_/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * A server field message as a whole sentence. The server answers fragments ("is already in use",
 * "must be at most 160 characters", "slug is required"); the sentence is built here from the
 * field's label and the record's. A message that already reads as a sentence is kept.
 */
export function fieldSentence(name: string, message: string, labels?: FieldLabels): string {
  const text = message.trim();
  const fieldLabel = labels?.fields.find((f) => f.name === name)?.label ?? humanize(name);
  if (/^is already in use\.?$/.test(text)) {
    return t("serverField.taken", { field: fieldLabel.toLowerCase(), label: (labels?.label ?? t("serverField.record")).toLowerCase() });
  }
  // "slug is required": the field's name stands where its label belongs.
  if (text.startsWith(`${name} `)) return `${fieldLabel}${text.slice(name.length)}`;
  // A capital letter: the server (or a definition's pattern message) already wrote a sentence.
  if (/^[A-Z]/.test(text)) return text;
  return t("serverField.sentence", { field: fieldLabel, message: text });
}

/**
 * A failed write as antd form field errors: the server's field messages beside their fields, as
 * whole sentences, or else its message on `fallbackField`. Null when the error says nothing about fields.
 */
export function serverFieldErrors(error: unknown, fallbackField?: string, labels?: FieldLabels): { name: string; errors: string[] }[] | null {
  if (!(error instanceof HttpError)) return null;
  // "assignments.0.role_id": a form's fields are its definition's, so a problem inside one (an
  // item of a list) shows beside that field.
  const byField = new Map<string, string[]>();
  for (const [path, message] of Object.entries(error.errors ?? {})) {
    const name = path.split(".")[0]!;
    const sentence = fieldSentence(name, String(message), labels);
    byField.set(
      name,
      [...(byField.get(name) ?? []), sentence].filter((m, i, all) => all.indexOf(m) === i),
    );
  }
  const fields = [...byField].map(([name, errors]) => ({ name, errors }));
  if (fields.length) return fields;
  return fallbackField ? [{ name: fallbackField, errors: [error.message] }] : null;
}
