import { readdirSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ResourceDefinition } from "../../resources/types";

const NOT_DEFINITIONS = new Set(["index.ts", "types.ts", "compile.ts"]);

/**
 * Every path where the console shows a list: each definition's list (unless it is a singleton's
 * page) and its views. Read from resources/ as the console's registry reads it (every .ts file but
 * the registry, the types, the compiler and tests), with tsx, since this runs in Node at build time.
 */
export async function listPaths(dir = fileURLToPath(new URL("../../resources/", import.meta.url))): Promise<string[]> {
  const { tsImport } = await import("tsx/esm/api");
  const files = readdirSync(dir).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts") && !NOT_DEFINITIONS.has(f));
  const paths: string[] = [];
  for (const file of files.sort()) {
    const { default: definition } = (await tsImport(pathToFileURL(`${dir}/${file}`).href, import.meta.url)) as { default: ResourceDefinition };
    if (definition.routes.list && !definition.singleton) paths.push(definition.routes.list);
    for (const view of definition.views ?? []) paths.push(view.path);
  }
  return paths;
}
