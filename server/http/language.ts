// The API answers in the console's language: the console sends `Accept-Language` with every call,
// the server writes its messages in English, and the language plugin (server/plugins/language.ts)
// translates an answer's `message` and field messages on the way out. The words are in
// indonesian.ts; this file negotiates the language and applies them.
import type { Field, Locale, ResourceDefinition } from "../../resources/types.js";
import { CONSOLE_WORDED, DURATION_UNITS, INDONESIAN_PATTERNS, INDONESIAN_SENTENCES, KEEP, TYPE_NAMES } from "./indonesian.js";

/** The console's languages (resources/types.ts LOCALES). */
export type Language = Locale;

/** The languages the server answers in, by primary subtag ("in" is the old code for Indonesian). */
const PRIMARY: Readonly<Record<string, Language>> = { en: "en", id: "id", in: "id" };
/** The order a wildcard offers them in (English first). */
const PREFERENCE: readonly Language[] = ["en", "id"];

/**
 * The answer's language from an `Accept-Language` header (RFC 9110 §12.5.4): the supported
 * language with the highest weight, the one the header names first on a tie; `*` stands for any
 * language not named; `q=0` refuses one. English when nothing supported is acceptable.
 */
export function requestLanguage(acceptLanguage: string | undefined): Language {
  // Most headers name neither Indonesian nor a wildcard: no parsing for them.
  if (!acceptLanguage || !/i[dn]|\*/i.test(acceptLanguage)) return "en";
  const weights = new Map<Language, number>(); // In the order the header names them.
  let wildcard: number | undefined;
  for (const range of acceptLanguage.split(",")) {
    const [tag = "", ...params] = range.split(";");
    let q = 1;
    for (const param of params) {
      const [key, value] = param.split("=").map((s) => s.trim());
      if (key?.toLowerCase() !== "q") continue;
      q = /^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(value ?? "") ? Number(value) : Number.NaN;
    }
    if (Number.isNaN(q)) continue; // A malformed weight: the range is ignored.
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0] ?? "";
    if (primary === "*") wildcard = Math.max(wildcard ?? 0, q);
    const language = PRIMARY[primary];
    // "id-ID;q=0.9, id;q=0.5": the language is as welcome as its most welcome range.
    if (language) weights.set(language, Math.max(weights.get(language) ?? 0, q));
  }
  let best: Language = "en";
  let bestQ = 0;
  // Named languages first, in the header's order; then those only the wildcard accepts.
  for (const language of [...weights.keys(), ...PREFERENCE.filter((l) => !weights.has(l))]) {
    const q = weights.get(language) ?? wildcard ?? 0;
    if (q > bestQ) [best, bestQ] = [language, q];
  }
  return best;
}

/** A definition's English texts that reach server messages, in another language. */
export interface DefinitionWords {
  /** Singular and plural labels, lower-cased English → the other language's. */
  labels: ReadonlyMap<string, string>;
  /** Its own messages (a field's pattern message, a cross-field rule's) → the other language's. */
  sentences: ReadonlyMap<string, string>;
}

/**
 * The words of the loaded definitions (their `translations`), built once at start: the labels
 * that templates like "Post saved" carry, and the messages of patterns and rules.
 */
export function definitionWords(definitions: readonly ResourceDefinition[], language: Exclude<Language, "en"> = "id"): DefinitionWords {
  const labels = new Map<string, string>();
  const sentences = new Map<string, string>();
  const patterns = (fields: readonly Field[], texts: Readonly<Record<string, { pattern?: string }>> | undefined) => {
    for (const field of fields) {
      const own = "pattern" in field ? field.pattern?.message : undefined;
      const theirs = texts?.[field.name]?.pattern;
      if (own && theirs && !sentences.has(own)) sentences.set(own, theirs);
    }
  };
  for (const def of definitions) {
    const texts = def.translations?.[language];
    if (!texts) continue;
    if (texts.label && !labels.has(def.label.toLowerCase())) labels.set(def.label.toLowerCase(), texts.label);
    if (texts.labelPlural && !labels.has(def.labelPlural.toLowerCase())) labels.set(def.labelPlural.toLowerCase(), texts.labelPlural);
    patterns(def.fields, texts.fields);
    for (const action of def.recordActions ?? []) {
      patterns(action.fields, texts.actions?.[action.name]?.fields);
    }
    (def.rules ?? []).forEach((rule, i) => {
      const theirs = texts.rules?.[i];
      if (theirs && !sentences.has(rule.message)) sentences.set(rule.message, theirs);
    });
  }
  return { labels, sentences };
}

const NO_WORDS: DefinitionWords = { labels: new Map(), sentences: new Map() };

/** A slot of a pattern: what it matches and how its text is carried over. */
interface Slot {
  regex: string;
  carry(text: string, words: DefinitionWords): string;
}

const same = (text: string) => text;

/** A definition's label in the other language, lower-cased when the English one was. */
function label(text: string, words: DefinitionWords): string {
  const theirs = words.labels.get(text.toLowerCase());
  if (!theirs) return text;
  return text === text.toLowerCase() ? theirs.toLowerCase() : theirs;
}

const SLOTS: Readonly<Record<string, Slot>> = {
  /** A field's name ("title", "assignments.0.role_id"): the console puts its label there. */
  field: { regex: "([A-Za-z0-9_.-]+)", carry: same },
  n: { regex: "(-?\\d+(?:\\.\\d+)?)", carry: same },
  m: { regex: "(-?\\d+(?:\\.\\d+)?)", carry: same },
  label: { regex: "(.+?)", carry: label },
  labels: { regex: "(.+?)", carry: label },
  /** A JSON type, or types joined by commas ("string,null"). */
  type: { regex: "([a-z]+(?:,[a-z]+)*)", carry: (text) => text.split(",").map((t) => TYPE_NAMES[t] ?? t).join(" atau ") },
  /** A duration as @fastify/rate-limit words it: "1 minute", "15 minutes". */
  after: {
    regex: "(\\d+ [a-z]+)",
    carry: (text) => text.replace(/^(\d+) ([a-z]+?)s?$/, (whole, n: string, unit: string) => (DURATION_UNITS[unit] ? `${n} ${DURATION_UNITS[unit]}` : whole)),
  },
  /** Kept as it is: a list of values, a format's name, a center's code. */
  text: { regex: "(.+)", carry: same },
};

interface CompiledPattern {
  regex: RegExp;
  slots: Slot[];
  /** The other language's template, split at its slots: text, slot index, text, ... */
  parts: (string | number)[];
}

function compile([english, theirs]: readonly [string, string]): CompiledPattern {
  const names: string[] = [];
  const source = english
    .split(/(\{\w+\})/)
    .map((piece) => {
      const name = /^\{(\w+)\}$/.exec(piece)?.[1];
      if (!name) return piece.replace(/[.*+?^$()|[\]\\]/g, "\\$&");
      if (!SLOTS[name]) throw new Error(`indonesian.ts: unknown slot {${name}} in "${english}"`);
      names.push(name);
      return SLOTS[name].regex;
    })
    .join("");
  const parts = theirs.split(/(\{\w+\})/).map((piece) => {
    const name = /^\{(\w+)\}$/.exec(piece)?.[1];
    if (!name) return piece;
    const index = names.indexOf(name);
    if (index < 0) throw new Error(`indonesian.ts: "${theirs}" uses {${name}}, which "${english}" does not have`);
    return index;
  });
  return { regex: new RegExp(`^${source}$`), slots: names.map((n) => SLOTS[n]!), parts };
}

const PATTERNS = INDONESIAN_PATTERNS.map(compile);

/**
 * English text in `language`: kept as it is for English, for the strings the spec quotes (KEEP)
 * and for those the console words itself; else an exact sentence, a definition's own message,
 * or the first pattern that matches; text nobody translated stays English.
 */
export function translate(text: string, language: Language, words: DefinitionWords = NO_WORDS): string {
  if (language === "en" || KEEP.has(text) || CONSOLE_WORDED.has(text)) return text;
  const exact = INDONESIAN_SENTENCES.get(text) ?? words.sentences.get(text);
  if (exact !== undefined) return exact;
  for (const pattern of PATTERNS) {
    const match = pattern.regex.exec(text);
    if (!match) continue;
    return pattern.parts.map((part) => (typeof part === "string" ? part : pattern.slots[part]!.carry(match[part + 1]!, words))).join("");
  }
  return text;
}
