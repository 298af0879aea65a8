import fastifyStatic from "@fastify/static";
import type { FastifyReply, FastifyRequest } from "fastify";
import { sep } from "node:path";
import { globalPlugin } from "../lib/plugin.js";
import { notFoundHandler } from "./errors.js";

// Never answered with the console: an unknown /uploads/ name is a 404, not index.html.
const API_PREFIXES = ["/api/", "/_firebase/", "/uploads/"];

function isApiPath(url: string): boolean {
  const path = url.split("?")[0]!;
  return API_PREFIXES.some((prefix) => path === prefix.slice(0, -1) || path.startsWith(prefix));
}

/** Serves the built console; any other page path gets index.html so client-side routes load. */
export default globalPlugin<{ root: string }>("static", async (app, opts) => {
  await app.register(fastifyStatic, {
    root: opts.root,
    // The build writes brotli and gzip copies beside each asset (scripts/compress-dist.ts): sent
    // to a client that accepts them, never compressed per request.
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply, filePath) {
      // Vite puts a content hash in every /assets file name; everything else may change.
      reply.header(
        "cache-control",
        filePath.includes(`${sep}assets${sep}`) ? "public, max-age=31536000, immutable" : "no-cache",
      );
    },
  });

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    if ((request.method === "GET" || request.method === "HEAD") && !isApiPath(request.url)) {
      return reply.sendFile("index.html");
    }
    return notFoundHandler(request, reply);
  });
});
