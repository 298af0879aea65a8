import type { ResourceDefinition } from "./types";

export * from "./types";

// Every other file in this folder is one resource definition: adding a content type is adding a
// file. (The server reads the same folder with its own loader, server/definitions/load.ts.)
const modules = import.meta.glob<{ default: ResourceDefinition }>(["./*.ts", "!./index.ts", "!./types.ts", "!./compile.ts", "!./*.test.ts"], { eager: true });

/**
 * Orders resource and queue names (identifiers, never shown): by their letters, case aside. Not
 * localeCompare, whose first call sets up the browser's collator, a long task on a phone while
 * the console's code first runs.
 */
export const compareNames = (a: string, b: string) => {
  const [x, y] = [a.toLowerCase(), b.toLowerCase()];
  return x < y ? -1 : x > y ? 1 : a < b ? -1 : a > b ? 1 : 0;
};

/** Every content type and administration resource, by name. */
export const registry: readonly ResourceDefinition[] = Object.values(modules)
  .map((module) => module.default)
  .sort((a, b) => compareNames(a.name, b.name));

export const resourceByName = (name: string | undefined, list: readonly ResourceDefinition[] = registry) =>
  name ? list.find((r) => r.name === name) : undefined;
