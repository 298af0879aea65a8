import type { I18nProvider } from "@refinedev/core";
import { LOCALES, type Locale } from "../../resources/types";
import type { Catalog } from "./en";
import { enEntry } from "./en.entry";

export type { Locale };

type Tree = { readonly [key: string]: string | Tree };

/** Where this browser remembers the language last used (before sign-in, and between reloads). */
export const LOCALE_STORAGE_KEY = "cc.locale";

const isLocale = (value: unknown): value is Locale => LOCALES.includes(value as Locale);

/** The language to start in: the one last used here, else the browser's (Indonesian or English). */
function initialLocale(): Locale {
  try {
    const stored = globalThis.localStorage?.getItem(LOCALE_STORAGE_KEY);
    if (isLocale(stored)) return stored;
  } catch {
    // Storage can be unavailable (privacy modes): fall through to the browser's language.
  }
  const browser = globalThis.navigator?.language?.toLowerCase() ?? "";
  return browser === "id" || browser.startsWith("id-") ? "id" : "en";
}

let locale: Locale = initialLocale();
// English's entry screens' words ship with them; the console's chunk adds the rest before it
// renders (see console.ts). Another language's whole catalog is fetched when chosen.
let english: Tree = enEntry;
const catalogs: Partial<Record<Exclude<Locale, "en">, Catalog>> = {};

/** Adds the console's English words (console.ts, which the console's chunk imports). */
export function addEnglish(words: Tree): void {
  english = { ...english, ...words };
}
const loaders: Record<Exclude<Locale, "en">, () => Promise<Catalog>> = {
  id: () => import("./id").then((m) => m.id),
};

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
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** Translates outside React too: the entry screens render before Refine is loaded. */
export function t(key: string, values?: Record<string, unknown>, fallback?: string): string {
  const catalog = locale === "en" ? undefined : (catalogs[locale] as Tree | undefined);
  const text = (catalog && lookup(catalog, key)) ?? lookup(english, key) ?? fallback ?? key;
  return interpolate(text, values);
}

export const getLocale = (): Locale => locale;

/** The locale's name for Intl (numbers and dates): "en-US" or "id-ID". */
export const intlLocale = (value: Locale = locale): string => (value === "id" ? "id-ID" : "en-US");

let dayjsLocalized = false;

/**
 * Fetches the current language's catalog and dayjs's words for it. English needs nothing
 * fetched: it ships with the entry screens, and is dayjs's own.
 */
export async function loadLocale(): Promise<void> {
  const current = locale;
  // Screen readers and the browser's hyphenation and translation offers follow the page's language.
  if (globalThis.document) document.documentElement.lang = current;
  if (current === "en") {
    if (dayjsLocalized) (await import("dayjs")).default.locale("en");
    return;
  }
  if (!catalogs[current]) {
    const [catalog] = await Promise.all([loaders[current](), import("dayjs/locale/id")]);
    catalogs[current] = catalog;
  }
  (await import("dayjs")).default.locale(current);
  dayjsLocalized = true;
}

/**
 * Switches the language and remembers it in this browser; resolves once its catalog is loaded.
 * Screens already drawn keep their words until they render again (the console reloads).
 */
export async function setLocale(next: string): Promise<void> {
  if (!isLocale(next)) return;
  locale = next;
  try {
    globalThis.localStorage?.setItem(LOCALE_STORAGE_KEY, next);
  } catch {
    // Not remembered in this browser; the account still remembers it.
  }
  await loadLocale();
}

export const i18nProvider: I18nProvider = {
  // Refine calls both translate(key, values, default) and translate(key, default).
  translate: (key, options, defaultMessage) =>
    typeof options === "string" ? t(key, undefined, options) : t(key, typeof options === "object" && options ? options : undefined, defaultMessage),
  changeLocale: (next: string) => setLocale(next),
  getLocale: () => locale,
};
