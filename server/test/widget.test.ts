// The chat widget a website embeds: how /widget.js, /widget/frame and the frame's assets are
// served (any website may load and frame them; the console itself stays unframeable), a 404 when
// the widget is not built, its size, and the widget's decisions as plain functions
// (widget/logic.ts, widget/i18n.ts). Its DOM (the bubble, the frame's screens) is tested in jsdom
// by widget-ui.test.ts.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGE_MAX, type VisitorMessage } from "../../protocol/chat.js";
import { buildWidget, type WidgetBuild } from "../../scripts/build-widget.js";
import { fill, frameText, loaderText, pickLanguage } from "../../widget/i18n.js";
import {
  awaitingReply,
  charactersLeft,
  confirmSent,
  COUNTER_FROM,
  frameSrc,
  HOURS_NOTICE_DELAY_MS,
  linkParts,
  markFailed,
  mergeMessages,
  oldestId,
  pageAddress,
  parseContact,
  startFieldOf,
  typingDue,
  validateStart,
  type ThreadItem,
} from "../../widget/logic.js";
import { ASSET_CACHE_CONTROL, LOADER_CACHE_CONTROL } from "../routes/widget.js";
import { buildTestApp, createTestDb, type TestApp, type TestDb } from "./helpers.js";

const CONSOLE_HTML = "<!doctype html><title>Center Console</title>";
const GZIP_LIMIT = 15 * 1024;

let testDb: TestDb;
/** The console and the widget built. */
let built: TestApp;
/** The console built, the widget not. */
let bare: TestApp;
/** No static folder at all. */
let none: TestApp;
let widget: WidgetBuild;
const dirs: string[] = [];

function staticDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "cc-widget-"));
  dirs.push(dir);
  writeFileSync(join(dir, "index.html"), CONSOLE_HTML);
  return dir;
}

beforeAll(async () => {
  testDb = await createTestDb({ seed: false });
  const withWidget = staticDir();
  widget = await buildWidget(withWidget);
  built = await buildTestApp({ db: testDb.db, staticDir: withWidget });
  bare = await buildTestApp({ db: testDb.db, staticDir: staticDir() });
  none = await buildTestApp({ db: testDb.db });
});
afterAll(async () => {
  await built?.close();
  await bare?.close();
  await none?.close();
  await testDb?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const get = (t: TestApp, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "GET", url, headers: { host: "console.example", ...headers } });

/** The Content-Security-Policy's directives by name. */
function csp(header: unknown): Map<string, string[]> {
  return new Map(
    String(header ?? "")
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

/** What frame.html loads: its script and stylesheet paths. */
function frameAssets(html: string): string[] {
  return [...html.matchAll(/(?:src|href)="(\/widget\/assets\/[^"]+)"/g)].map((m) => m[1]!);
}

describe("/widget.js", () => {
  it("is served to any website: JavaScript, CORS *, loadable cross-origin, cached five minutes but never as immutable", async () => {
    const res = await get(built, "/widget.js");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/javascript/);
    expect(res.headers["access-control-allow-origin"]).toBe("*");
    expect(res.headers["cross-origin-resource-policy"]).toBe("cross-origin");
    expect(res.headers["cache-control"]).toBe(LOADER_CACHE_CONTROL);
    expect(res.headers["cache-control"]).not.toMatch(/immutable/);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.body).toBe(readFileSync(widget.loader, "utf8"));
  });

  it("is far under 15 KB gzipped, and gzipped on the wire when the client accepts it", async () => {
    const source = readFileSync(widget.loader);
    expect(gzipSync(source, { level: 9 }).length).toBeLessThan(GZIP_LIMIT);
    expect(gzipSync(source, { level: 9 }).length).toBeLessThan(4 * 1024);
    const res = await get(built, "/widget.js", { "accept-encoding": "gzip, br" });
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(gunzipSync(res.rawPayload).equals(source)).toBe(true);
  });

  it("answers a matching ETag with a 304", async () => {
    const first = await get(built, "/widget.js");
    const again = await get(built, "/widget.js", { "if-none-match": String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
  });

  it("names no frame, storage or cookie of the page it runs in", () => {
    const source = readFileSync(widget.loader, "utf8");
    expect(source).not.toMatch(/localStorage|sessionStorage|document\.cookie|indexedDB/);
    expect(source).not.toMatch(/socket\.io/);
  });
});

describe("/widget/frame and its assets", () => {
  it("may be framed by any website, and connects only to its own origin", async () => {
    const res = await get(built, "/widget/frame?center=JKT01&lang=en&page=https%3A%2F%2Fschool.example%2F&referrer=");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.headers["x-frame-options"]).toBeUndefined();
    expect(res.headers["cross-origin-resource-policy"]).toBe("cross-origin");
    expect(res.headers["cache-control"]).toBe("no-cache");
    const policy = csp(res.headers["content-security-policy"]);
    expect(policy.get("frame-ancestors")).toEqual(["*"]);
    expect(policy.get("default-src")).toEqual(["'self'"]);
    expect(policy.get("script-src")).toEqual(["'self'"]);
    expect(policy.get("style-src")).toEqual(["'self'"]);
    expect(policy.get("img-src")).toEqual(["'self'", "data:", "blob:"]);
    expect(policy.get("connect-src")).toEqual(["'self'", "ws://console.example", "wss://console.example"]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(res.body).toContain("<title>Chat</title>");
  });

  it("puts no odd Host in its policy", async () => {
    const res = await get(built, "/widget/frame", { host: "evil.example;script-src *" });
    expect(csp(res.headers["content-security-policy"]).get("connect-src")).toEqual(["'self'"]);
  });

  it("serves every script and stylesheet the frame names, hashed and immutable, frameable too", async () => {
    const html = (await get(built, "/widget/frame")).body;
    const assets = frameAssets(html);
    expect(assets.some((a) => a.endsWith(".js"))).toBe(true);
    expect(assets.some((a) => a.endsWith(".css"))).toBe(true);
    for (const asset of assets) {
      const res = await get(built, asset);
      expect(res.statusCode, asset).toBe(200);
      expect(res.headers["content-type"]).toMatch(asset.endsWith(".js") ? /^text\/javascript/ : /^text\/css/);
      expect(res.headers["cache-control"]).toBe(ASSET_CACHE_CONTROL);
      expect(res.headers["x-frame-options"]).toBeUndefined();
    }
  });

  it("loads socket.io-client only as a chunk of its own, after the frame's first script", () => {
    const entry = readFileSync(join(widget.frame, "..", "assets", widget.frameScript), "utf8");
    expect(entry).not.toMatch(/engine\.io|EIO=/);
    const chunks = widget.assets.filter((a) => a.endsWith(".js") && a !== widget.frameScript);
    expect(chunks.some((c) => /EIO/.test(readFileSync(join(widget.frame, "..", "assets", c), "utf8")))).toBe(true);
  });
});

describe("the console stays unframeable", () => {
  for (const path of ["/", "/login", "/app/welcome"]) {
    it(`${path}: X-Frame-Options and frame-ancestors 'none', the same policy as without the widget`, async () => {
      const res = await get(built, path);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(CONSOLE_HTML);
      expect(res.headers["x-frame-options"]).toBe("SAMEORIGIN");
      expect(csp(res.headers["content-security-policy"]).get("frame-ancestors")).toEqual(["'none'"]);
      expect(res.headers["content-security-policy"]).toBe((await get(bare, path)).headers["content-security-policy"]);
      expect(res.headers["cross-origin-resource-policy"]).toBe("same-origin");
    });
  }

  it("an API answer too", async () => {
    const res = await get(built, "/api/health");
    expect(res.headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(csp(res.headers["content-security-policy"]).get("frame-ancestors")).toEqual(["'none'"]);
  });
});

describe("without a widget build", () => {
  const paths = ["/widget.js", "/widget/frame", "/widget/frame?center=JKT01", "/widget/assets/frame-ABC.js", "/widget/nothing", "/widget"];
  for (const path of paths) {
    it(`${path} is a 404, not the console's page`, async () => {
      for (const t of [bare, none]) {
        const res = await get(t, path);
        expect(res.statusCode).toBe(404);
        expect(res.body).not.toContain("Center Console");
        expect(res.json()).toMatchObject({ statusCode: 404 });
      }
    });
  }

  it("unknown widget paths and names outside the assets folder are 404s when built too", async () => {
    for (const path of [
      "/widget/nothing",
      "/widget/assets/..%2F..%2Findex.html",
      "/widget/assets/..%2Fframe.html",
      "/widget/assets/missing.js",
      "/widget/assets/frame.html",
    ]) {
      const res = await get(built, path);
      expect(res.statusCode, path).toBe(404);
      expect(res.body).not.toContain("Center Console");
    }
  });
});

describe("widget logic", () => {
  const en = frameText.en;
  const visitor = (id: number, text = `v${id}`, created_at = "2026-03-02T03:00:00.000Z"): VisitorMessage => ({
    id,
    kind: "visitor",
    text,
    attachment: null,
    author_name: null,
    created_at,
  });
  const staff = (id: number, text = `s${id}`): VisitorMessage => ({ ...visitor(id, text), kind: "staff", author_name: "Rina" });
  const keys = (items: ThreadItem[]) => items.map((i) => i.key);

  it("picks Indonesian for id (and the old in), English otherwise, data-lang first", () => {
    expect(pickLanguage(null, "id-ID")).toBe("id");
    expect(pickLanguage(undefined, "in")).toBe("id");
    expect(pickLanguage(null, "en-US")).toBe("en");
    expect(pickLanguage(null, "nl-NL")).toBe("en");
    expect(pickLanguage("en", "id-ID")).toBe("en");
    expect(pickLanguage("id", "en-GB")).toBe("id");
    expect(pickLanguage("fr", "id-ID")).toBe("id");
    expect(pickLanguage("", "")).toBe("en");
    expect(loaderText.id.bubble).toBe("Chat dengan kami");
    expect(loaderText.en.bubble).toBe("Chat with us");
  });

  it("has every frame string in both languages", () => {
    expect(Object.keys(frameText.id).sort()).toEqual(Object.keys(frameText.en).sort());
    for (const lang of ["en", "id"] as const) for (const [key, value] of Object.entries(frameText[lang])) expect(value, `${lang}.${key}`).not.toBe("");
    expect(fill(en.typing, { name: "Rina" })).toBe("Rina is typing…");
    expect(fill(frameText.id.typing, { name: "Rina" })).toBe("Rina sedang mengetik…");
  });

  it("reads the one contact field: an @ makes an email address, digits a phone number", () => {
    expect(parseContact("")).toEqual({});
    expect(parseContact("  ")).toEqual({});
    expect(parseContact(" budi@example.com ")).toEqual({ email: "budi@example.com" });
    expect(parseContact("+62 812-3456-7890")).toEqual({ phone: "+62 812-3456-7890" });
    expect(parseContact("(021) 555 0101")).toEqual({ phone: "(021) 555 0101" });
    expect(parseContact("budi@")).toEqual({ invalid: true });
    expect(parseContact("@budi")).toEqual({ invalid: true });
    expect(parseContact("12345")).toEqual({ invalid: true });
    expect(parseContact("call me maybe")).toEqual({ invalid: true });
  });

  it("checks the start form and builds the body the API takes", () => {
    const context = { lang: "id" as const, page: "https://school.example/kursus", referrer: "https://google.com/" };
    expect(validateStart({ name: " ", contact: "x@", message: "" }, context, en)).toEqual({
      errors: { name: en.nameRequired, contact: en.contactInvalid, message: en.messageRequired },
    });
    expect(validateStart({ name: "Budi", contact: "", message: "x".repeat(MESSAGE_MAX + 1) }, context, en).errors?.message).toBe(
      "Please use at most 4000 characters",
    );
    expect(validateStart({ name: " Budi ", contact: "budi@example.com", message: " Halo \n" }, context, en)).toEqual({
      body: { name: "Budi", email: "budi@example.com", message: "Halo", language: "id", page: context.page, referrer: context.referrer },
    });
    expect(validateStart({ name: "Budi", contact: "0812 3456 789", message: "Halo" }, context, en).body).toMatchObject({ phone: "0812 3456 789" });
    expect(validateStart({ name: "Budi", contact: "", message: "Halo" }, context, en).body).not.toHaveProperty("email");
  });

  it("puts the server's field errors beside the right field", () => {
    expect(startFieldOf("name")).toBe("name");
    expect(startFieldOf("email")).toBe("contact");
    expect(startFieldOf("phone")).toBe("contact");
    expect(startFieldOf("message")).toBe("message");
    expect(startFieldOf("page")).toBe("form");
  });

  it("builds the frame's address from the script's origin, without the page's fragment", () => {
    const src = frameSrc("https://console.example", {
      center: "JKT01",
      lang: "id",
      page: "https://school.example/a?b=1#access_token=secret",
      referrer: "https://google.com/",
    });
    const url = new URL(src);
    expect(url.origin + url.pathname).toBe("https://console.example/widget/frame");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      center: "JKT01",
      lang: "id",
      page: "https://school.example/a?b=1",
      referrer: "https://google.com/",
    });
    expect(pageAddress("https://x.example/" + "a".repeat(5000)).length).toBe(1000);
  });

  it("merges history, socket events and the visitor's sends: one per id, in order, sends last", () => {
    let items = mergeMessages([], [visitor(2), staff(1)]);
    expect(keys(items)).toEqual(["m1", "m2"]);
    items = [...items, { key: "local-1", message: null, text: "hello", state: "sending" }];
    items = mergeMessages(items, [staff(3), staff(3)]);
    expect(keys(items)).toEqual(["m1", "m2", "m3", "local-1"]);
    // The socket echoes the send before its POST answers: the same line, now sent.
    items = mergeMessages(items, [visitor(4, "hello")]);
    expect(keys(items)).toEqual(["m1", "m2", "m3", "local-1"]);
    expect(items[3]).toMatchObject({ state: "sent", message: { id: 4 } });
    expect(keys(confirmSent(items, "local-1", visitor(4, "hello")))).toEqual(["m1", "m2", "m3", "local-1"]);
    expect(oldestId(items)).toBe(1);
  });

  it("confirms a send by its POST answer, failed sends stay for a retry", () => {
    let items: ThreadItem[] = [
      { key: "local-1", message: null, text: "a", state: "sending" },
      { key: "local-2", message: null, text: "b", state: "sending" },
    ];
    items = markFailed(items, "local-1", "Too many");
    items = confirmSent(items, "local-2", visitor(9, "b"));
    expect(items.map((i) => [i.key, i.state])).toEqual([
      ["local-2", "sent"],
      ["local-1", "failed"],
    ]);
    expect(items[1]!.error).toBe("Too many");
    // Two identical sends whose echoes came in the other order: both messages stay.
    let same: ThreadItem[] = [
      { key: "local-1", message: null, text: "ok", state: "sending" },
      { key: "local-2", message: null, text: "ok", state: "sending" },
    ];
    same = mergeMessages(same, [visitor(11, "ok"), visitor(10, "ok")]);
    same = confirmSent(same, "local-1", visitor(10, "ok"));
    same = confirmSent(same, "local-2", visitor(11, "ok"));
    expect(same.map((i) => i.message?.id).sort()).toEqual([10, 11]);
  });

  it("shows the opening hours when the visitor's last message waited two minutes", () => {
    const at = Date.parse("2026-03-02T03:00:00.000Z");
    const waiting = mergeMessages([], [staff(1), visitor(2)]);
    expect(awaitingReply(waiting, at + 1_000)).toEqual({ show: false, recheckIn: HOURS_NOTICE_DELAY_MS - 1_000 });
    expect(awaitingReply(waiting, at + HOURS_NOTICE_DELAY_MS)).toEqual({ show: true, recheckIn: null });
    expect(awaitingReply(mergeMessages(waiting, [staff(3)]), at + 3_600_000).show).toBe(false);
    expect(awaitingReply([], at).show).toBe(false);
  });

  it("finds web addresses in a message, leaving the sentence's punctuation out", () => {
    expect(linkParts("See https://school.example/a?b=1. Or (http://x.example/y)!")).toEqual([
      { text: "See " },
      { text: "https://school.example/a?b=1", href: "https://school.example/a?b=1" },
      { text: ". Or (" },
      { text: "http://x.example/y", href: "http://x.example/y" },
      { text: ")!" },
    ]);
    expect(linkParts("https://en.wikipedia.org/wiki/Java_(language)")).toEqual([
      { text: "https://en.wikipedia.org/wiki/Java_(language)", href: "https://en.wikipedia.org/wiki/Java_(language)" },
    ]);
    expect(linkParts("javascript:alert(1) <b>hi</b>")).toEqual([{ text: "javascript:alert(1) <b>hi</b>" }]);
    expect(linkParts("")).toEqual([]);
  });

  it("counts characters only near the limit, and reports typing at most every 2 s", () => {
    expect(charactersLeft(COUNTER_FROM - 1, en)).toBe("");
    expect(charactersLeft(MESSAGE_MAX - 12, en)).toBe("12 characters left");
    expect(charactersLeft(MESSAGE_MAX, frameText.id)).toBe("Sisa 0 karakter");
    expect(typingDue(-Infinity, 0)).toBe(true);
    expect(typingDue(1_000, 2_999)).toBe(false);
    expect(typingDue(1_000, 3_000)).toBe(true);
  });
});
