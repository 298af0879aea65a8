// The chat widget a school's website embeds (built by scripts/build-widget.ts into the static
// folder): /widget.js, the loader any page includes, and /widget/frame with /widget/assets/…, the
// conversation a page shows in an iframe. Unlike the console, which no page may frame, the frame
// may be framed by any website: its routes carry their own Content-Security-Policy (frame-ancestors
// *) and no X-Frame-Options. Without a build, every widget path is a 404 (never the console's
// index.html).
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { createHash } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import type { IncomingMessage } from "node:http";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { notFound } from "../plugins/errors.js";

export interface WidgetRoutesOptions {
  /** The static folder (dist/) the widget was built into; without it every widget path is a 404. */
  root?: string;
}

export const LOADER_PATH = "/widget.js";
export const FRAME_PATH = "/widget/frame";
export const ASSETS_PREFIX = "/widget/assets/";
/** The loader keeps its name (websites link it), so caches re-check it every five minutes. */
export const LOADER_CACHE_CONTROL = "public, max-age=300";
/** The frame's script and styles have a content hash in their names. */
export const ASSET_CACHE_CONTROL = "public, max-age=31536000, immutable";
const NOT_BUILT = "Not found";

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".html": "text/html; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
};

/** WebSocket addresses of the host the frame was loaded from (connect-src 'self' misses them in older browsers). */
function socketSources(req: IncomingMessage): string {
  const host = req.headers.host ?? "";
  return /^[A-Za-z0-9.-]+(:\d+)?$|^\[[0-9A-Fa-f:.]+\](:\d+)?$/.test(host) ? `ws://${host} wss://${host}` : "";
}

/** Helmet's settings for the frame's routes: anyone may frame them, they connect only to us. */
const frameable = {
  xFrameOptions: false,
  crossOriginResourcePolicy: { policy: "cross-origin" },
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      "default-src": ["'self'"],
      "script-src": ["'self'"],
      "style-src": ["'self'"],
      "img-src": ["'self'", "data:", "blob:"],
      "font-src": ["'self'"],
      "connect-src": ["'self'", (req: IncomingMessage) => socketSources(req)],
      "object-src": ["'none'"],
      "base-uri": ["'self'"],
      "form-action": ["'self'"],
      "frame-ancestors": ["*"],
    },
  },
} as const;

/** The loader runs in other sites' pages: it may be loaded cross-origin. */
const embeddable = { crossOriginResourcePolicy: { policy: "cross-origin" } } as const;

interface Cached {
  mtimeMs: number;
  size: number;
  body: Buffer;
  gzip: Buffer;
  etag: string;
}

export default (async function widgetRoutes(app, opts) {
  const root = opts.root ? resolve(opts.root) : undefined;
  const cache = new Map<string, Cached>();

  /** A built file, read once per change (and gzipped once: the loader is fetched by every page view). */
  async function load(file: string): Promise<Cached | null> {
    if (!root) return null;
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return null;
    const known = cache.get(file);
    if (known && known.mtimeMs === info.mtimeMs && known.size === info.size) return known;
    const body = await readFile(file);
    const entry = {
      mtimeMs: info.mtimeMs,
      size: info.size,
      body,
      gzip: gzipSync(body, { level: 9 }),
      etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`,
    };
    cache.set(file, entry);
    return entry;
  }

  async function send(request: FastifyRequest, reply: FastifyReply, file: string | null, cacheControl: string) {
    const entry = file ? await load(file) : null;
    if (!entry) throw notFound(NOT_BUILT);
    const type = TYPES[file!.slice(file!.lastIndexOf("."))] ?? "application/octet-stream";
    reply.header("content-type", type).header("cache-control", cacheControl).header("etag", entry.etag).header("vary", "Accept-Encoding");
    if (request.headers["if-none-match"] === entry.etag) return reply.code(304).send();
    if (/\bgzip\b/.test(String(request.headers["accept-encoding"] ?? ""))) {
      return reply.header("content-encoding", "gzip").send(entry.gzip);
    }
    return reply.send(entry.body);
  }

  const at = (...parts: string[]) => (root ? join(root, ...parts) : null);
  const hidden = { schema: { hide: true } };

  app.get(LOADER_PATH, { ...hidden, helmet: embeddable }, async (request, reply) => {
    reply.header("access-control-allow-origin", "*");
    return send(request, reply, at("widget.js"), LOADER_CACHE_CONTROL);
  });

  // The page names the hashed assets of its build, so it is re-checked on every open.
  app.get(FRAME_PATH, { ...hidden, helmet: frameable }, async (request, reply) => send(request, reply, at("widget", "frame.html"), "no-cache"));

  app.get<{ Params: { file: string } }>(`${ASSETS_PREFIX}:file`, { ...hidden, helmet: frameable }, async (request, reply) => {
    const { file } = request.params;
    // One file name of the build; nothing else under the folder, nothing outside it.
    const ok = /^[\w-]+(\.[\w-]+)*\.(js|css|txt)$/.test(file);
    return send(request, reply, ok ? at("widget", "assets", file) : null, ASSET_CACHE_CONTROL);
  });

  // Any other /widget path: a 404 here, or the console's fallback would answer its index.html.
  app.get("/widget/*", { ...hidden, helmet: frameable }, async () => {
    throw notFound(NOT_BUILT);
  });
  app.get("/widget", hidden, async () => {
    throw notFound(NOT_BUILT);
  });
} satisfies FastifyPluginAsync<WidgetRoutesOptions>);
