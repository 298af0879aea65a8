// Every text the console shows, in English: the entry screens' (en.entry.ts, in the entry chunk)
// the console's (en.console.ts, loaded with the console) and two-factor sign-in's (en.twoFactor.ts,
// loaded with the screens that show them). Each key lives in exactly one of them.
import { enConsole } from "./en.console";
import { enEntry } from "./en.entry";
import { enTwoFactor } from "./en.twoFactor";

export const en = { ...enEntry, ...enConsole, ...enTwoFactor } as const;

/** A group in both files would be overwritten by the other: naming one twice fails the type check. */
type Disjoint<Shared extends never> = Shared;
export type GroupsAreDisjoint = Disjoint<
  Extract<keyof typeof enEntry, keyof typeof enConsole> | Extract<keyof typeof enTwoFactor, keyof typeof enEntry | keyof typeof enConsole>
>;

export type Messages = typeof en;

type Strings<T> = { readonly [K in keyof T]: T[K] extends string ? string : Strings<T[K]> };
/** Every language's catalog has exactly English's keys: a missing or unknown key fails the type check. */
export type Catalog = Strings<typeof en>;

/** Every text's dotted path ("resource.save"): what t() accepts, so a misspelled key fails the type check. */
export type MessageKey = Paths<Messages>;
type Paths<T> = { [K in keyof T & string]: T[K] extends string ? K : `${K}.${Paths<T[K]>}` }[keyof T & string];

/** Every group's dotted path ("chats.status"): where tOf() looks up a name only known at run time. */
export type MessageGroup = Groups<Messages>;
type Groups<T> = { [K in keyof T & string]: T[K] extends string ? never : K | `${K}.${Groups<T[K]>}` }[keyof T & string];
