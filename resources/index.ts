import type { ResourceDefinition } from "./types";

export * from "./types";

// Every other file in this folder is one resource definition: adding a content type is adding a
// file. (The server reads the same folder with its own loader, server/resources/load.ts.)
const modules = import.meta.glob<{ default: ResourceDefinition }>(
  ["./*.ts", "!./index.ts", "!./types.ts", "!./compile.ts", "!./*.test.ts"],
  { eager: true },
);

/** Every content type and administration resource, by name. */
export const registry: readonly ResourceDefinition[] = Object.values(modules)
  .map((module) => module.default)
  .sort((a, b) => a.name.localeCompare(b.name));

export const resourceByName = (name: string | undefined, list: readonly ResourceDefinition[] = registry) =>
  name ? list.find((r) => r.name === name) : undefined;
