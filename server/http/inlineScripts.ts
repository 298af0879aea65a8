import { createHash } from "node:crypto";

/**
 * The Content-Security-Policy sources that allow exactly the inline scripts of a page, a hash of
 * each, so no other inline script, injected or not, runs. The built index.html carries none
 * today (none is allowed then); one added to it later is allowed by its hash, nothing else.
 */
export function inlineScriptSources(html: string): string[] {
  const sources = new Set<string>();
  for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(attributes!) || !body!.trim()) continue;
    sources.add(`'sha256-${createHash("sha256").update(body!, "utf8").digest("base64")}'`);
  }
  return [...sources];
}
