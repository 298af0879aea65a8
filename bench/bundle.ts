import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

interface Chunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}

const gz = (dist: string, file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;

/** JavaScript that loads before a route paints: the entry, the route's chunk and their static imports. */
export function routeBytes(dist: string, routeModules: string[]) {
  const manifest = JSON.parse(readFileSync(join(dist, ".vite/manifest.json"), "utf8")) as Record<string, Chunk>;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  visit("index.html");
  routeModules.forEach(visit);
  const js = [...files].filter((f) => f.endsWith(".js"));
  return { files: js.length, gzip: js.reduce((sum, f) => sum + gz(dist, f), 0) };
}

export function totalBytes(dist: string) {
  const js = readdirSync(join(dist, "assets")).filter((f) => f.endsWith(".js"));
  return { files: js.length, gzip: js.reduce((sum, f) => sum + gz(dist, join("assets", f)), 0) };
}
