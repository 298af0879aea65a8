import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { detectImage } from "../routes/uploads.js";
import { bearer, buildTestApp, DEMO, type TestApp } from "./helpers.js";

let t: TestApp;
let dir: string;
const tokens = { manager: "", editor: "" };

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "cc-uploads-"));
  // The folder an older version kept uploads in: still served, never written.
  t = await buildTestApp({ uploadsDir: dir });
  tokens.manager = await t.login(DEMO.manager.username, DEMO.manager.password);
  tokens.editor = await t.login(DEMO.editor.username, DEMO.editor.password);
});
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

// Tiny files that start like the real formats; only the first bytes are checked.
const IMAGES = {
  png: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(24, 1)]),
  jpg: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(24, 2)]),
  gif: Buffer.concat([Buffer.from("GIF89a", "latin1"), Buffer.alloc(24, 3)]),
  webp: Buffer.concat([Buffer.from("RIFF", "latin1"), Buffer.from([24, 0, 0, 0]), Buffer.from("WEBPVP8 ", "latin1"), Buffer.alloc(16, 4)]),
};
const TYPES = { png: "image/png", jpg: "image/jpeg", gif: "image/gif", webp: "image/webp" };

function multipart(filename: string, contentType: string, content: Buffer) {
  const boundary = "----cc-test-boundary";
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

const upload = (token: string, center: string | undefined, filename: string, type: string, content: Buffer) => {
  const body = multipart(filename, type, content);
  return t.app.inject({ method: "POST", url: "/api/uploads", headers: { ...bearer(token, center), ...body.headers }, payload: body.payload });
};

describe("POST /api/uploads", () => {
  it.each(Object.keys(IMAGES) as (keyof typeof IMAGES)[])("accepts a %s by its bytes and serves it inert", async (ext) => {
    // The declared name and type do not matter: the bytes do.
    const res = await upload(tokens.editor, "JKT01", "photo.bin", "application/octet-stream", IMAGES[ext]);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ statusCode: 200, message: "Image uploaded", data: { size: IMAGES[ext].length, type: TYPES[ext] } });
    expect(body.data.url).toMatch(new RegExp(`^/uploads/[a-f0-9]{32}\\.${ext}$`));

    const served = await t.app.inject({ url: body.data.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe(TYPES[ext]);
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    expect(served.headers["content-security-policy"]).toBe("default-src 'none'");
    expect(served.headers["cache-control"]).toContain("max-age=31536000");
    expect(served.headers["content-disposition"]).toBe(`inline; filename="${body.data.url.slice("/uploads/".length)}"`);
    expect(served.rawPayload.equals(IMAGES[ext])).toBe(true);
  });

  it("keeps the file in the database, where every instance reaches it", async () => {
    const res = await upload(tokens.editor, "JKT01", "photo.png", "image/png", IMAGES.png);
    const name = res.json().data.url.slice("/uploads/".length);
    const { rows } = await t.db.query("SELECT content_type, size, created_by IS NOT NULL AS by_someone FROM uploads WHERE name = $1", [name]);
    expect(rows).toEqual([{ content_type: "image/png", size: IMAGES.png.length, by_someone: true }]);
    // Another app on the same database (another instance) serves it.
    const other = await buildTestApp({ db: t.db });
    try {
      expect((await other.app.inject({ url: `/uploads/${name}` })).rawPayload.equals(IMAGES.png)).toBe(true);
    } finally {
      await other.app.close();
    }
  });

  it("still serves a file an older version wrote to disk", async () => {
    const name = `${"b".repeat(32)}.gif`;
    writeFileSync(join(dir, name), IMAGES.gif);
    const served = await t.app.inject({ url: `/uploads/${name}` });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(IMAGES.gif)).toBe(true);
  });

  it.each([
    ["an SVG", "logo.svg", "image/svg+xml", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ["an HTML page", "page.html", "text/html", Buffer.from("<!doctype html><script>alert(1)</script>")],
    ["a text file named .png", "notes.png", "image/png", Buffer.from("just some text, not an image")],
    ["an empty file", "empty.png", "image/png", Buffer.alloc(0)],
  ])("refuses %s", async (_label, filename, type, content) => {
    const count = async () => (await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM uploads")).rows[0]!.n;
    const before = await count();
    const res = await upload(tokens.editor, "JKT01", filename, type, content);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ file: "must be a PNG, JPEG, WebP or GIF image" });
    expect(await count()).toBe(before);
  });

  it("refuses a file over 5 MiB", async () => {
    const big = Buffer.concat([IMAGES.png, Buffer.alloc(5 * 1024 * 1024, 0)]);
    const res = await upload(tokens.editor, "JKT01", "big.png", "image/png", big);
    expect(res.statusCode).toBe(413);
    expect(res.json().errors).toEqual({ file: "must be at most 5 MiB" });
  });

  it("needs a signed-in caller who may write content", async () => {
    expect((await upload("nope", "JKT01", "a.png", "image/png", IMAGES.png)).statusCode).toBe(401);
    // The Viewer at SBY01 reads content only; without a center a staff member holds no key.
    for (const center of ["SBY01", undefined]) {
      const res = await upload(tokens.editor, center, "a.png", "image/png", IMAGES.png);
      expect(res.statusCode).toBe(403);
    }
    expect((await upload(tokens.manager, "BDG01", "a.png", "image/png", IMAGES.png)).statusCode).toBe(200);
  });

  it("serves nothing but its own file names", async () => {
    for (const url of [
      "/uploads/..%2F..%2Fetc%2Fpasswd",
      "/uploads/../package.json",
      "/uploads/%2e%2e%2fjwt-secret",
      "/uploads/abc.png",
      `/uploads/${"a".repeat(32)}.svg`,
      `/uploads/${"a".repeat(32)}.png`,
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers["content-type"]).toMatch(/json/);
    }
  });
});

describe("detectImage", () => {
  it("knows the four formats by their first bytes and nothing else", () => {
    expect(detectImage(IMAGES.png)).toBe("png");
    expect(detectImage(IMAGES.jpg)).toBe("jpg");
    expect(detectImage(IMAGES.gif)).toBe("gif");
    expect(detectImage(IMAGES.webp)).toBe("webp");
    expect(detectImage(Buffer.from("GIF90a"))).toBe(null);
    expect(detectImage(Buffer.from("RIFF0000WAVE"))).toBe(null);
    expect(detectImage(Buffer.from([0xff, 0xd8]))).toBe(null);
  });
});
