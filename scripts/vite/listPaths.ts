import { readdirSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ResourceDefinition } from "../../resources/types";
import { listScreens } from "../../src/console/listScreens";

const NOT_DEFINITIONS = new Set(["index.ts", "types.ts", "compile.ts"]);

/**
 * Every resource definition in resources/, read as the console's registry reads it (every .ts file
 * but the registry, the types, the compiler and tests), with tsx, since this runs in Node at build
 * time (the registry itself uses Vite's import.meta.glob).
 */
export async function loadDefinitions(dir = fileURLToPath(new URL("../../resources/", import.meta.url))): Promise<ResourceDefinition[]> {
  const { tsImport } = await import("tsx/esm/api");
  const files = readdirSync(dir).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts") && !NOT_DEFINITIONS.has(f));
  const definitions: ResourceDefinition[] = [];
  for (const file of files.sort()) {
    const { default: definition } = (await tsImport(pathToFileURL(`${dir}/${file}`).href, import.meta.url)) as { default: ResourceDefinition };
    definitions.push(definition);
  }
  return definitions;
}

/** Every path where the console shows a list: each definition's list (unless a singleton's page) and its views. */
export async function listPaths(dir?: string): Promise<string[]> {
  return (await loadDefinitions(dir)).flatMap((definition) => listScreens(definition).map((screen) => screen.path));
}
