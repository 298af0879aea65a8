// The API answers in the console's language: the console sends `Accept-Language` with every call,
// the server writes its messages in English, and the language plugin (server/plugins/language.ts)
// translates an answer's `message` and field messages on the way out. This file negotiates the
// language and applies the words; each feature keeps its own words in a `messages.ts` beside its
// code ({ en, id } entries), and server/messages.ts lists them for the plugin. Nothing here imports
// a feature.
//
// Writing a feature's Indonesian: terms follow the console's catalog (providers/i18n/id.ts):
// "center" for a school branch, "password", "postingan" for a post, "persetujuan" for approval,
// "peran" for a role, "pengguna" for a user, "data" for a record. A field message is a fragment the
// console puts after the field's label ("Judul maksimal 160 karakter"): it starts in lower case, and
// "{field} …" keeps the field's name first. Key an entry by the constant that holds the English text
// where the code exports one, so changing that text keeps its translation linked.
// A definition's own texts (labels, pattern and rule messages) come from its `translations.id`.
import type { Field, Locale, ResourceDefinition } from "../../resources/types.js";

/** One message in English, as the code writes it, and in Indonesian. */
export interface Message {
  en: string;
  id: string;
}

/** A feature's messages (its `messages.ts`). */
export interface Messages {
  /** Whole texts, matched exactly. */
  sentences?: readonly Message[];
  /**
   * Fragments and templates, tried in order after every sentence (the first that matches wins, so
   * the specific come before the general). Slots: {field} a field's name, kept; {n} {m} numbers,
   * kept; {label} {labels} a definition's label, in its translation; {type} a JSON type; {after} a
   * duration; {text} kept.
   */
  patterns?: readonly Message[];
  /** Texts kept as they are in every language. */
  keep?: readonly string[];
}

/**
 * Kept exactly as they are in every language: strings the product spec quotes
 * (../shared/spec/admin-dashboard-spec.md §2, §5, §8) that are the console's own, listed so that no
 * server message ever changes them (the one the server sends, the permission denial, is in
 * plugins/messages.ts). A login error is not among them: the spec shows "Error : " followed by the
 * server's message, whatever it says, so the server's login messages are translated.
 */
const SPEC_QUOTED: readonly string[] = [
  "Returned data count is not singular",
  "Error : Komunikasi dengan server bermasalah",
  "Komunikasi dengan server bermasalah",
  "Login Sukses, Mohon tunggu",
  "Memuat...",
  "Please Wait...",
  "Checking Permission",
  "Pick a center to manage:",
  "Success",
];

/** JSON types, as "must be a {type}" names them. */
const TYPE_NAMES: Readonly<Record<string, string>> = {
  string: "teks",
  integer: "bilangan bulat",
  number: "angka",
  boolean: "true atau false",
  array: "daftar",
  object: "objek",
  null: "null",
};

/** The units of a duration as @fastify/rate-limit words it ("15 minutes"), singular. */
const DURATION_UNITS: Readonly<Record<string, string>> = {
  ms: "milidetik",
  second: "detik",
  minute: "menit",
  hour: "jam",
  day: "hari",
};

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
  type: {
    regex: "([a-z]+(?:,[a-z]+)*)",
    carry: (text) =>
      text
        .split(",")
        .map((t) => TYPE_NAMES[t] ?? t)
        .join(" atau "),
  },
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
      if (!SLOTS[name]) throw new Error(`messages: unknown slot {${name}} in "${english}"`);
      names.push(name);
      return SLOTS[name].regex;
    })
    .join("");
  const parts = theirs.split(/(\{\w+\})/).map((piece) => {
    const name = /^\{(\w+)\}$/.exec(piece)?.[1];
    if (!name) return piece;
    const index = names.indexOf(name);
    if (index < 0) throw new Error(`messages: "${theirs}" uses {${name}}, which "${english}" does not have`);
    return index;
  });
  return { regex: new RegExp(`^${source}$`), slots: names.map((n) => SLOTS[n]!), parts };
}

/** Translates the server's messages with the features' words. */
export interface Translator {
  /**
   * English text in `language`: kept as it is for English and for the texts kept on purpose; else
   * an exact sentence, a definition's own message, or the first pattern that matches; text nobody
   * translated stays English.
   */
  translate(text: string, language: Language, words?: DefinitionWords): string;
  /** The texts kept as they are in every language. */
  kept: ReadonlySet<string>;
}

/** A translator for the features' messages, in the order given (patterns are tried in that order). */
export function createTranslator(catalogs: readonly Messages[]): Translator {
  const kept = new Set([...SPEC_QUOTED, ...catalogs.flatMap((c) => c.keep ?? [])]);
  const sentences = new Map<string, string>();
  for (const { en, id } of catalogs.flatMap((c) => c.sentences ?? [])) {
    const known = sentences.get(en);
    if (known !== undefined && known !== id) throw new Error(`messages: "${en}" has two translations: "${known}" and "${id}"`);
    sentences.set(en, id);
  }
  const patterns = catalogs.flatMap((c) => c.patterns ?? []).map(({ en, id }) => compile([en, id]));
  const translate = (text: string, language: Language, words: DefinitionWords = NO_WORDS): string => {
    if (language === "en" || kept.has(text)) return text;
    const exact = sentences.get(text) ?? words.sentences.get(text);
    if (exact !== undefined) return exact;
    for (const pattern of patterns) {
      const match = pattern.regex.exec(text);
      if (!match) continue;
      return pattern.parts.map((part) => (typeof part === "string" ? part : pattern.slots[part]!.carry(match[part + 1]!, words))).join("");
    }
    return text;
  };
  return { translate, kept };
}
