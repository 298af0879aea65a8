// A definition as the console's forms check it (and the server's cross-field checks, which run
// the same rules): initial values, antd form rules and their messages in every language.
import type { CrossFieldRule, Field, Locale, ResourceDefinition } from "../types";

/** Values a new record starts with. */
export function initialValues(definition: ResourceDefinition, preset: Record<string, unknown> = {}): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of definition.fields) {
    if ("default" in field && field.default !== undefined) values[field.name] = field.default;
  }
  return { ...values, ...preset };
}

/** antd Form rules for a field (plain objects: antd's `Rule` shape). */
export interface FormRule {
  required?: boolean;
  whitespace?: boolean;
  type?: "email" | "url" | "number" | "integer" | "array";
  min?: number;
  max?: number;
  pattern?: RegExp;
  message?: string;
  /** Resolves when the value is fine, rejects with the message otherwise (antd's custom validator). */
  validator?: (rule: unknown, value: unknown) => Promise<void>;
}

/** What a rule reading other fields gets from antd (a `FormInstance` is one). */
export interface FormValues {
  getFieldValue(name: string): unknown;
}

/** antd's two rule forms: a plain rule, or a function of the form returning one (cross-field rules). */
export type FormRuleEntry = FormRule | ((form: FormValues) => FormRule);

/** The words of the form rules, in every console language: the one place they live. */
export const RULE_MESSAGES = {
  en: {
    required: "{{label}} is required",
    minLength: "Use at least {{n}} characters",
    maxLength: "Use at most {{n}} characters",
    url: "Enter a link starting with http:// or https://",
    email: "Enter a valid email address",
    min: "Must be at least {{n}}",
    max: "Must be at most {{n}}",
    maxItems: "Choose at most {{n}}",
  },
  id: {
    required: "{{label}} wajib diisi",
    minLength: "Gunakan minimal {{n}} karakter",
    maxLength: "Gunakan maksimal {{n}} karakter",
    url: "Masukkan tautan yang diawali http:// atau https://",
    email: "Masukkan alamat email yang valid",
    min: "Minimal {{n}}",
    max: "Maksimal {{n}}",
    maxItems: "Pilih maksimal {{n}}",
  },
} as const satisfies Record<Locale, Record<string, string>>;

export type RuleMessage = keyof (typeof RULE_MESSAGES)["en"];

/** A rule's message in a language, its {{placeholders}} filled. */
export const ruleMessage = (locale: Locale, key: RuleMessage, values: Record<string, unknown> = {}): string =>
  RULE_MESSAGES[locale][key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));

/**
 * A date, datetime or number value as a number to compare (days and instants as epoch
 * milliseconds, so "+07:00" and "Z" compare as the instants they are), a choice as its place among
 * the field's options (they are listed in order: times of day, levels), or null when empty or
 * unreadable. Accepts what the server stores and what a form holds (strings, numbers, or a
 * dayjs/Date object).
 */
export function comparableValue(field: Field, value: unknown): number | null {
  if (value === null || value === undefined || value === "") return null;
  if (field.type === "select") {
    const at = field.options.findIndex((o) => o.value === value);
    return at < 0 ? null : at;
  }
  let n: number;
  if (typeof value === "object") n = Number((value as { valueOf(): unknown }).valueOf());
  else if (field.type === "number") n = typeof value === "number" ? value : Number(value);
  else if (field.type === "date") n = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(String(value)) ? `${String(value)}T00:00:00Z` : String(value));
  else if (field.type === "datetime") n = Date.parse(String(value));
  else return null;
  return Number.isFinite(n) ? n : null;
}

/** Field types a `notBefore` rule may compare; both sides must have the same one. */
export const COMPARABLE_TYPES: readonly Field["type"][] = ["number", "date", "datetime", "select"];

/**
 * Whether values break a cross-field rule; never while either side is empty (the `required` flag
 * decides that). `read` reads a field's value: the stored data on the server, the form in the
 * console.
 */
export function breaksRule(definition: ResourceDefinition, rule: CrossFieldRule, read: (name: string) => unknown): boolean {
  const field = definition.fields.find((f) => f.name === rule.field);
  const than = definition.fields.find((f) => f.name === rule.than);
  if (!field || !than) return false;
  const a = comparableValue(field, read(rule.field));
  const b = comparableValue(than, read(rule.than));
  if (a === null || b === null) return false;
  switch (rule.kind) {
    case "notBefore":
      return a < b;
    case "after":
      return a <= b;
  }
}

/**
 * The fields whose change must re-validate `name` (antd's `dependencies` prop of its Form.Item):
 * the other side of every rule on it.
 */
export function fieldDependencies(definition: ResourceDefinition, name: string): string[] {
  return [...new Set((definition.rules ?? []).filter((r) => r.field === name).map((r) => r.than))];
}

/** The definition's cross-field rules on one field, as antd rules reading the other field from the form. */
export function crossFieldRules(definition: ResourceDefinition, name: string): FormRuleEntry[] {
  return (definition.rules ?? [])
    .filter((rule) => rule.field === name)
    .map(
      (rule) =>
        (form: FormValues): FormRule => ({
          validator: (_rule, value) =>
            breaksRule(definition, rule, (n) => (n === rule.field ? value : form.getFieldValue(n)))
              ? Promise.reject(new Error(rule.message))
              : Promise.resolve(),
        }),
    );
}

/**
 * A field's form rules; with its definition, also the cross-field rules on it (give the Form.Item
 * `dependencies={fieldDependencies(definition, field.name)}` so they re-run when the other side
 * changes).
 */
export function formRules(field: Field, mode: "create" | "edit" = "create", locale: Locale = "en", definition?: ResourceDefinition): FormRuleEntry[] {
  const tr = (key: RuleMessage, values: Record<string, unknown>) => ruleMessage(locale, key, values);
  const rules: FormRuleEntry[] = [];
  if (field.required && !(field.createOnly && mode === "edit")) {
    rules.push({ required: true, message: tr("required", { label: field.label }), ...(field.type === "text" && { whitespace: true }) });
  }
  switch (field.type) {
    case "text":
    case "textarea":
      if (field.minLength) rules.push({ min: field.minLength, message: tr("minLength", { n: field.minLength }) });
      if (field.maxLength) rules.push({ max: field.maxLength, message: tr("maxLength", { n: field.maxLength }) });
      if (field.pattern) rules.push({ pattern: new RegExp(field.pattern.regex), message: field.pattern.message });
      break;
    case "url":
      rules.push({ pattern: /^https?:\/\/\S+$/, message: tr("url", {}) });
      break;
    case "email":
      rules.push({ type: "email", message: tr("email", {}) });
      break;
    case "number":
      if (field.min !== undefined) rules.push({ type: "number", min: field.min, message: tr("min", { n: field.min }) });
      if (field.max !== undefined) rules.push({ type: "number", max: field.max, message: tr("max", { n: field.max }) });
      break;
    case "multiselect":
      if (field.maxItems) rules.push({ type: "array", max: field.maxItems, message: tr("maxItems", { n: field.maxItems }) });
      break;
  }
  if (definition) rules.push(...crossFieldRules(definition, field.name));
  return rules;
}
