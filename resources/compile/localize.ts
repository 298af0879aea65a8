// A definition in a language: its labels, help and messages from its `translations`.
import type { Field, FieldTexts, Locale, ResourceDefinition } from "../types";

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
    ...(definition.usage && { usage: { ...definition.usage, ...texts.usage } }),
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
  for (const [i] of (definition.rules ?? []).entries()) if (!texts.rules?.[i]) missing.push(`rules.${i}`);
  if (definition.menu?.groupLabel && !texts.groupLabel) missing.push("groupLabel");
  if (definition.usage && !texts.usage?.label) missing.push("usage.label");
  if (definition.usage && !texts.usage?.blocksDelete) missing.push("usage.blocksDelete");
  for (const action of definition.recordActions ?? []) {
    const own = texts.actions?.[action.name];
    if (!own?.label) missing.push(`actions.${action.name}.label`);
    if (action.description && !own?.description) missing.push(`actions.${action.name}.description`);
    for (const field of action.fields) checkField(`actions.${action.name}.fields.${field.name}`, field, own?.fields?.[field.name]);
  }
  return missing;
}
