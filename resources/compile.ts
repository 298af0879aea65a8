// The one compiler from a resource definition to what each side needs: the server's JSON Schemas
// (request validation) and the console's form rules and initial values. Plain data in and out.
import { PERMISSION_KEYS, SYSTEM_FIELDS, type CrossFieldRule, type Field, type FieldTexts, type Locale, type ResourceDefinition } from "./types";

export type JsonSchema = Record<string, unknown>;

/** Custom schema keyword carrying a field's own message for a failed `pattern` (see server errors). */
export const MESSAGE_KEYWORD = "x-message";

const DATE = "^\\d{4}-\\d{2}-\\d{2}$";

function valueSchema(field: Field): JsonSchema {
  switch (field.type) {
    case "text":
    case "textarea":
      return {
        type: "string",
        ...(field.minLength !== undefined && { minLength: field.minLength }),
        ...(field.maxLength !== undefined && { maxLength: field.maxLength }),
        ...(field.pattern && { pattern: field.pattern.regex, [MESSAGE_KEYWORD]: field.pattern.message }),
      };
    case "url":
      return {
        type: "string",
        maxLength: field.maxLength ?? 2000,
        pattern: "^https?://[^\\s]+$",
        [MESSAGE_KEYWORD]: "must be a link starting with http:// or https://",
      };
    case "email":
      return { type: "string", maxLength: field.maxLength ?? 200, format: "email" };
    case "richtext":
      return { type: "string", maxLength: field.maxLength ?? 100_000 };
    case "number":
      return {
        type: field.integer ? "integer" : "number",
        ...(field.min !== undefined && { minimum: field.min }),
        ...(field.max !== undefined && { maximum: field.max }),
      };
    case "boolean":
      return { type: "boolean" };
    case "date":
      return { type: "string", pattern: DATE, [MESSAGE_KEYWORD]: "must be a date (YYYY-MM-DD)" };
    case "datetime":
      return { type: "string", format: "date-time" };
    case "select":
      return { type: "string", enum: field.options.map((o) => o.value) };
    case "multiselect":
      return {
        type: "array",
        uniqueItems: true,
        maxItems: field.maxItems ?? 50,
        items: field.options
          ? { type: "string", enum: field.options.map((o) => o.value) }
          : { type: "string", minLength: 1, maxLength: 60 },
      };
    case "image":
      return {
        type: "string",
        maxLength: 500,
        pattern: "^(/uploads/[A-Za-z0-9._-]+|https?://[^\\s]+)$",
        [MESSAGE_KEYWORD]: "must be an uploaded image",
      };
    case "reference":
      return { type: "integer", minimum: 1 };
    case "assignments":
      return {
        type: "array",
        maxItems: 100,
        items: {
          type: "object",
          additionalProperties: false,
          required: ["center_code", "role_id"],
          properties: {
            center_code: { type: "string", minLength: 1, maxLength: 20 },
            role_id: { type: "integer", minimum: 1 },
            // What a read answered alongside; a form may send it back, the server ignores it.
            id: {},
            center_web_name: {},
            role_name: {},
          },
        },
      };
    case "permissions": {
      const flag = { type: "integer", enum: [0, 1] };
      return {
        type: "array",
        maxItems: PERMISSION_KEYS.length,
        items: {
          type: "object",
          additionalProperties: false,
          required: ["permission_key", "allow_read", "allow_create", "allow_update", "allow_delete"],
          properties: {
            permission_key: { type: "string", enum: [...PERMISSION_KEYS] },
            allow_read: flag,
            allow_create: flag,
            allow_update: flag,
            allow_delete: flag,
          },
        },
      };
    }
  }
}

const isEmptyAllowed = (field: Field) => !field.required;

/**
 * The body of POST (create) and PUT (update) /api/<name>. Unknown fields fail; the fields the
 * server owns (id, status, center, authors, timestamps) are accepted and ignored, so a form may send
 * back what it read. `version` is required on update (optimistic locking).
 */
export function bodySchema(definition: ResourceDefinition, mode: "create" | "update"): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const field of definition.fields) {
    if (mode === "update" && field.createOnly) continue;
    const schema = valueSchema(field);
    // A required text is refused when it is empty (or blank: the server trims it).
    if (field.required && schema.type === "string" && schema.minLength === undefined) schema.minLength = 1;
    properties[field.name] = isEmptyAllowed(field) ? { anyOf: [schema, { type: "null" }] } : schema;
    if (field.required) required.push(field.name);
  }
  for (const name of SYSTEM_FIELDS) if (!(name in properties)) properties[name] = {};
  properties.version = mode === "update" ? { type: "integer", minimum: 1 } : {};
  if (mode === "update") required.push("version");
  // A superadmin, who works across centers, names the center of a new record.
  if (definition.scope === "center") properties.center_code = { type: "string", minLength: 1, maxLength: 20 };
  // What the author says about the change; kept with the version row.
  properties.change_note = { anyOf: [{ type: "string", maxLength: 500 }, { type: "null" }] };
  return { type: "object", additionalProperties: false, required, properties };
}

export const sortableFields = (definition: ResourceDefinition) => [
  "created_at",
  "updated_at",
  ...definition.fields.filter((f) => f.sortable).map((f) => f.name),
];

/** The range filters a filterable number, date or datetime field takes; select/boolean take eq. */
export function filterParams(definition: ResourceDefinition): Record<string, JsonSchema> {
  const params: Record<string, JsonSchema> = {};
  for (const field of definition.fields.filter((f) => f.filterable)) {
    if (field.type === "number") {
      params[`${field.name}__gte`] = { type: "number" };
      params[`${field.name}__lte`] = { type: "number" };
    } else if (field.type === "date") {
      params[`${field.name}__gte`] = { type: "string", format: "date" };
      params[`${field.name}__lte`] = { type: "string", format: "date" };
    } else if (field.type === "datetime") {
      // An instant; a plain date reads as its midnight in UTC.
      const instant = { type: "string", maxLength: 40, anyOf: [{ format: "date-time" }, { format: "date" }] };
      params[`${field.name}__gte`] = instant;
      params[`${field.name}__lte`] = { ...instant };
    } else if (field.type === "boolean") {
      params[field.name] = { type: "boolean" };
    } else if (field.type === "select") {
      // Several values: comma-separated.
      params[field.name] = { type: "string", maxLength: 500 };
    } else {
      params[field.name] = { type: "string", maxLength: 200 };
    }
  }
  return params;
}

/** The query string of GET /api/<name>. */
export function listQuerySchema(definition: ResourceDefinition): JsonSchema {
  const sortable = sortableFields(definition).join("|");
  return {
    type: "object",
    additionalProperties: false,
    properties: {
      page: { type: "integer", minimum: 1, maximum: 100_000, default: 1 },
      limit: { type: "integer", minimum: 1, maximum: 100, default: 10 },
      sort: {
        type: "string",
        pattern: `^-?(${sortable})(,-?(${sortable}))*$`,
        [MESSAGE_KEYWORD]: `can sort by ${sortableFields(definition).join(", ")}`,
      },
      q: { type: "string", maxLength: 200 },
      ids: { type: "string", pattern: "^\\d+(,\\d+)*$", maxLength: 2000 },
      ...(definition.scope === "center" && { center_code: { type: "string", maxLength: 20 } }),
      ...filterParams(definition),
    },
  };
}

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
 * milliseconds, so "+07:00" and "Z" compare as the instants they are), or null when empty or
 * unreadable. Accepts what the server stores and what a form holds (strings, numbers, or a
 * dayjs/Date object).
 */
export function comparableValue(field: Field, value: unknown): number | null {
  if (value === null || value === undefined || value === "") return null;
  let n: number;
  if (typeof value === "object") n = Number((value as { valueOf(): unknown }).valueOf());
  else if (field.type === "number") n = typeof value === "number" ? value : Number(value);
  else if (field.type === "date") n = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(String(value)) ? `${String(value)}T00:00:00Z` : String(value));
  else if (field.type === "datetime") n = Date.parse(String(value));
  else return null;
  return Number.isFinite(n) ? n : null;
}

/** Field types a `notBefore` rule may compare; both sides must have the same one. */
export const COMPARABLE_TYPES: readonly Field["type"][] = ["number", "date", "datetime"];

/**
 * Whether values break a cross-field rule; never while either side is empty (the `required` flag
 * decides that). `valueOf` reads a field's value: the stored data on the server, the form in the
 * console.
 */
export function breaksRule(definition: ResourceDefinition, rule: CrossFieldRule, valueOf: (name: string) => unknown): boolean {
  const field = definition.fields.find((f) => f.name === rule.field);
  const than = definition.fields.find((f) => f.name === rule.than);
  if (!field || !than) return false;
  const a = comparableValue(field, valueOf(rule.field));
  const b = comparableValue(than, valueOf(rule.than));
  if (a === null || b === null) return false;
  switch (rule.kind) {
    case "notBefore":
      return a < b;
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
    .map((rule) => (form: FormValues): FormRule => ({
      validator: (_rule, value) =>
        breaksRule(definition, rule, (n) => (n === rule.field ? value : form.getFieldValue(n))) ? Promise.reject(new Error(rule.message)) : Promise.resolve(),
    }));
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

function localizeField<F extends Field>(field: F, texts: FieldTexts | undefined): F {
  if (!texts) return field;
  const localized = { ...field, label: texts.label } as F & { help?: string; placeholder?: string };
  if (texts.help !== undefined) localized.help = texts.help;
  if (texts.placeholder !== undefined) localized.placeholder = texts.placeholder;
  if (field.type === "text" && field.pattern && texts.pattern) Object.assign(localized, { pattern: { ...field.pattern, message: texts.pattern } });
  if ((field.type === "select" || field.type === "multiselect") && field.options && texts.options) {
    Object.assign(localized, { options: field.options.map((o) => ({ ...o, label: texts.options?.[o.value] ?? o.label })) });
  }
  return localized;
}

/**
 * The definition with its texts in `locale` (labels, help, options, views, rule messages, record
 * actions): what the console renders. Names, values and routes stay as they are; a text a
 * translation lacks stays English.
 */
export function localizeDefinition<D extends ResourceDefinition>(definition: D, locale: Locale): D {
  const texts = locale === "en" ? undefined : definition.translations?.[locale];
  if (!texts) return definition;
  return {
    ...definition,
    label: texts.label,
    labelPlural: texts.labelPlural,
    fields: definition.fields.map((f) => localizeField(f, texts.fields[f.name])),
    ...(definition.views && { views: definition.views.map((v) => ({ ...v, label: texts.views?.[v.path] ?? v.label })) }),
    ...(definition.rules && { rules: definition.rules.map((r, i) => ({ ...r, message: texts.rules?.[i] ?? r.message })) }),
    ...(definition.menu && { menu: { ...definition.menu, ...(definition.menu.groupLabel && { groupLabel: texts.groupLabel ?? definition.menu.groupLabel }) } }),
    ...(definition.recordActions && {
      recordActions: definition.recordActions.map((a) => {
        const action = texts.actions?.[a.name];
        if (!action) return a;
        return {
          ...a,
          label: action.label,
          ...(action.description !== undefined && { description: action.description }),
          fields: a.fields.map((f) => localizeField(f, action.fields?.[f.name])),
        };
      }),
    }),
  };
}

/**
 * Where a definition's translation into `locale` falls short: each text the definition has that
 * the translation lacks, as a path ("fields.title.help"). Empty when complete.
 */
export function missingTexts(definition: ResourceDefinition, locale: Exclude<Locale, "en">): string[] {
  const texts = definition.translations?.[locale];
  if (!texts) return ["translations." + locale];
  const missing: string[] = [];
  const checkField = (path: string, field: Field, own: FieldTexts | undefined) => {
    if (!own?.label) return missing.push(`${path}.label`);
    if (field.help && !own.help) missing.push(`${path}.help`);
    if (field.type === "text" && field.pattern && !own.pattern) missing.push(`${path}.pattern`);
    if ((field.type === "select" || field.type === "multiselect") && field.options) {
      for (const option of field.options) if (!own.options?.[option.value]) missing.push(`${path}.options.${option.value}`);
    }
  };
  for (const field of definition.fields) checkField(`fields.${field.name}`, field, texts.fields[field.name]);
  for (const view of definition.views ?? []) if (!texts.views?.[view.path]) missing.push(`views.${view.path}`);
  (definition.rules ?? []).forEach((_, i) => texts.rules?.[i] || missing.push(`rules.${i}`));
  if (definition.menu?.groupLabel && !texts.groupLabel) missing.push("groupLabel");
  for (const action of definition.recordActions ?? []) {
    const own = texts.actions?.[action.name];
    if (!own?.label) missing.push(`actions.${action.name}.label`);
    if (action.description && !own?.description) missing.push(`actions.${action.name}.description`);
    for (const field of action.fields) checkField(`actions.${action.name}.fields.${field.name}`, field, own?.fields?.[field.name]);
  }
  return missing;
}
