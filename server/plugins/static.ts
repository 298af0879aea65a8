import fastifyStatic from "@fastify/static";
import type { FastifyReply, FastifyRequest } from "fastify";
import { existsSync, readFileSync } from "node:fs";
import { join, sep } from "node:path";
import { globalPlugin } from "../lib/plugin.js";
import { notFoundHandler } from "./errors.js";

// Never answered with the console: an unknown /uploads/ name is a 404, not index.html.
const API_PREFIXES = ["/api/", "/_firebase/", "/uploads/"];

function isApiPath(url: string): boolean {
  const path = url.split("?")[0]!;
  return API_PREFIXES.some((prefix) => path === prefix.slice(0, -1) || path.startsWith(prefix));
}

/** What Vite's build manifest (build.manifest: dist/.vite/manifest.json) says of a chunk. */
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/**
 * The screens index.html opens lazily, by the path that opens them, and their source module (the
 * manifest's key): the browser would learn of their chunks only after the entry had run.
 */
const SCREENS = [
  { prefix: "/app/", module: "src/console/Console.tsx" },
  { prefix: "/pick-center", module: "src/pages/PickCenter.tsx" },
];

/**
 * A `Link` header value that preloads a lazy screen with the page: its chunk, the chunks it
 * imports statically and their stylesheets, less what the entry already loads. Each carries
 * `crossorigin`, as Vite's own preload links do (a request made in another mode is not reused).
 */
export function preloadLinks(manifest: Record<string, ManifestChunk>, module: string, entry = "index.html"): string | undefined {
  const reach = (key: string, seen = new Set<string>()) => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const imported of manifest[key]!.imports ?? []) reach(imported, seen);
    return seen;
  };
  if (!manifest[module]) return undefined;
  const loaded = reach(entry);
  const chunks = [...reach(module)].filter((key) => !loaded.has(key)).map((key) => manifest[key]!);
  const scripts = chunks.map((c) => `</${c.file}>; rel=modulepreload; crossorigin`);
  const styles = [...new Set(chunks.flatMap((c) => c.css ?? []))].map((file) => `</${file}>; rel=preload; as=style; crossorigin`);
  return [...scripts, ...styles].join(", ") || undefined;
}

function readManifest(root: string): Record<string, ManifestChunk> {
  const file = join(root, ".vite", "manifest.json");
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Record<string, ManifestChunk>) : {};
}

/** Serves the built console; any other page path gets index.html so client-side routes load. */
export default globalPlugin<{ root: string }>("static", async (app, opts) => {
  const manifest = readManifest(opts.root);
  const links = SCREENS.map((screen) => ({ ...screen, link: preloadLinks(manifest, screen.module) }));
  await app.register(fastifyStatic, {
    root: opts.root,
    // The build writes brotli and gzip copies beside each asset (scripts/compress-dist.ts): sent
    // to a client that accepts them, never compressed per request.
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply, filePath) {
      // Vite puts a content hash in every /assets file name; everything else may change.
      reply.header("cache-control", filePath.includes(`${sep}assets${sep}`) ? "public, max-age=31536000, immutable" : "no-cache");
    },
  });

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    if ((request.method === "GET" || request.method === "HEAD") && !isApiPath(request.url)) {
      const path = request.url.split("?")[0]!;
      const link = links.find((screen) => path.startsWith(screen.prefix))?.link;
      if (link) reply.header("link", link);
      return reply.sendFile("index.html");
    }
    return notFoundHandler(request, reply);
  });
});
