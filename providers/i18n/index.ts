import type { I18nProvider } from "@refinedev/core";
import { LOCALES, type Locale } from "../../resources/types";
import type { Catalog, MessageGroup, MessageKey } from "./en";
import { enEntry } from "./en.entry";

export type { Locale, MessageGroup, MessageKey };

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

function find(key: string): string | undefined {
  const catalog = locale === "en" ? undefined : (catalogs[locale] as Tree | undefined);
  return (catalog && lookup(catalog, key)) ?? lookup(english, key);
}

function translate(key: string, values?: Record<string, unknown>, fallback?: string): string {
  return interpolate(find(key) ?? fallback ?? key, values);
}

/**
 * Translates outside React too: the entry screens render before Refine is loaded. Only the
 * catalog's keys type-check, so a misspelled key fails `npm run typecheck`; a key built from a
 * union (`chats.status.${status}`) checks every member. A name known only at run time goes
 * through tOf().
 */
export const t: (key: MessageKey, values?: Record<string, unknown>, fallback?: string) => string = translate;

/**
 * Translates a name the types cannot know, inside a group of the catalog that names it: an
 * action or permission key the server sends ("activity.actions", row.action). The group is
 * checked; a name the group lacks reads as `fallback`, else as itself.
 */
export const tOf = (group: MessageGroup, name: string, fallback: string = name): string => translate(`${group}.${name}`, undefined, fallback);

/** Whether the catalog has a text at `key`: for names built from data (a content type's name). */
export const isKey = (key: string): key is MessageKey => find(key) !== undefined;

declare const VERBATIM: unique symbol;
/** Words already in the reader's language (a content type's own label): shown as they are. */
export type Verbatim = string & { readonly [VERBATIM]: true };
export const verbatim = (text: string): Verbatim => text as Verbatim;

/** A name the menu or a heading shows: a catalog key, translated when shown, or verbatim words. */
export type Label = MessageKey | Verbatim;
export const labelText = (label: Label): string => (isKey(label) ? t(label) : label);

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

/** Refine's translate: its own keys ("buttons.save") are not the catalog's, so it stays untyped. */
export const i18nProvider: I18nProvider = {
  // Refine calls both translate(key, values, default) and translate(key, default).
  translate: (key, options, defaultMessage) =>
    typeof options === "string"
      ? translate(key, undefined, options)
      : translate(key, typeof options === "object" && options ? options : undefined, defaultMessage),
  changeLocale: (next: string) => setLocale(next),
  getLocale: () => locale,
};
