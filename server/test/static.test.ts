// The built console's assets: sent precompressed (brotli or gzip, as the client accepts), hashed
// assets cached for a year, pages revalidated.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { createHash } from "node:crypto";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compressDir } from "../../scripts/compress-dist.js";
import { buildTestApp, type TestApp } from "./helpers.js";

let dir: string;
let t: TestApp;
const script = `console.log(${JSON.stringify("a fairly repetitive console bundle ".repeat(200))});\n`;
const inline = `(function(p){if(p.indexOf("/app/")===0)document.title="x"})(location.pathname)`;
const page = `<!doctype html><html><head><title>Center Console</title><script>${inline}</script><script type="module" src="/assets/index-AbC123.js"></script></head><body><div id="root"></div>${"<!-- padding -->".repeat(100)}</body></html>`;

// As Vite's build.manifest writes it: the entry, the console (lazy) and what each imports.
const manifest = {
  "index.html": { file: "assets/index-AbC123.js", isEntry: true, imports: ["_runtime.js"], css: ["assets/index-E1.css"] },
  "_runtime.js": { file: "assets/runtime-R1.js" },
  "src/console/Console.tsx": {
    file: "assets/Console-C1.js",
    isDynamicEntry: true,
    imports: ["index.html", "_runtime.js", "_antd.js"],
    css: ["assets/Console-C1.css"],
  },
  "_antd.js": { file: "assets/antd-A1.js", imports: ["_runtime.js"], css: ["assets/antd-A1.css"] },
  "src/pages/PickCenter.tsx": { file: "assets/PickCenter-P1.js", isDynamicEntry: true, imports: ["index.html", "_antd.js"] },
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "cc-static-"));
  mkdirSync(join(dir, "assets"));
  writeFileSync(join(dir, "index.html"), page);
  writeFileSync(join(dir, "assets", "index-AbC123.js"), script);
  writeFileSync(join(dir, "assets", "tiny-Z9.css"), "a{b:c}");
  mkdirSync(join(dir, ".vite"));
  writeFileSync(join(dir, ".vite", "manifest.json"), JSON.stringify(manifest));
  compressDir(dir);
  t = await buildTestApp({ staticDir: dir });
});
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) => t.app.inject({ url, headers: encoding ? { "accept-encoding": encoding } : {} });

describe("the console's page", () => {
  it("lets its own inline script run, by hash, and no other", async () => {
    const csp = String((await get("/app/posts")).headers["content-security-policy"]);
    const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src"))!;
    const hash = createHash("sha256").update(inline).digest("base64");
    expect(scriptSrc.trim().split(/\s+/)).toEqual(["script-src", "'self'", `'sha256-${hash}'`]);
    expect(scriptSrc).not.toContain("unsafe-inline");
  });
});

describe("preloading a lazy screen with the page", () => {
  it("names a console page's chunks and stylesheets, less the entry's, in a Link header", async () => {
    const res = await get("/app/posts?currentPage=2");
    expect(res.headers.link).toBe(
      [
        "</assets/Console-C1.js>; rel=modulepreload; crossorigin",
        "</assets/antd-A1.js>; rel=modulepreload; crossorigin",
        "</assets/Console-C1.css>; rel=preload; as=style; crossorigin",
        "</assets/antd-A1.css>; rel=preload; as=style; crossorigin",
      ].join(", "),
    );
  });

  it("names the center picker's on its page, and nothing on the sign-in page", async () => {
    expect((await get("/pick-center")).headers.link).toBe(
      "</assets/PickCenter-P1.js>; rel=modulepreload; crossorigin, </assets/antd-A1.js>; rel=modulepreload; crossorigin, </assets/antd-A1.css>; rel=preload; as=style; crossorigin",
    );
    expect((await get("/login")).headers.link).toBeUndefined();
    expect((await get("/")).headers.link).toBeUndefined();
  });
});

describe("the console's assets", () => {
  it("sends brotli to a client that accepts it, and the same bytes decompressed", async () => {
    const res = await get("/assets/index-AbC123.js", "gzip, deflate, br");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(script.length / 5);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it("sends gzip to a client without brotli, and the plain file to one without either", async () => {
    const gz = await get("/assets/index-AbC123.js", "gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await get("/assets/index-AbC123.js");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it("caches hashed assets for a year and revalidates pages", async () => {
    expect((await get("/assets/index-AbC123.js", "br")).headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const html = await get("/app/posts", "br");
    expect(html.headers["cache-control"]).toBe("no-cache");
    expect(html.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(html.rawPayload).toString()).toBe(page);
  });

  it("leaves a file too small to gain uncompressed", async () => {
    const res = await get("/assets/tiny-Z9.css", "br");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.body).toBe("a{b:c}");
  });
});
