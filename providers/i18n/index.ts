import type { I18nProvider } from "@refinedev/core";
import { en } from "./en";

type Tree = { readonly [key: string]: string | Tree };

const locales: Record<string, Tree> = { en };
let locale = "en";

function lookup(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split(".")) {
    if (typeof node !== "object") return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

function interpolate(text: string, values?: Record<string, unknown>): string {
  if (!values) return text;
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

/** Translates outside React too: the entry screens render before Refine is loaded. */
export function t(key: string, values?: Record<string, unknown>, fallback?: string): string {
  const text = lookup(locales[locale], key) ?? lookup(en, key) ?? fallback ?? key;
  return interpolate(text, values);
}

export const i18nProvider: I18nProvider = {
  // Refine calls both translate(key, values, default) and translate(key, default).
  translate: (key, options, defaultMessage) =>
    typeof options === "string"
      ? t(key, undefined, options)
      : t(key, typeof options === "object" && options ? options : undefined, defaultMessage),
  changeLocale: (next: string) => {
    if (locales[next]) locale = next;
  },
  getLocale: () => locale,
};
