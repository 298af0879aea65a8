import { runInNewContext } from "node:vm";
import { beforeAll, describe, expect, it } from "vitest";
import { requestKey } from "../../providers/prefetch";
import { firstPageRequest } from "../../src/console/warmStart";
import { ask, earlyPlan, earlyScript, type EarlyPlan } from "./earlyRequests";
import { loadDefinitions } from "./listPaths";

let plan: EarlyPlan;
beforeAll(async () => {
  plan = await earlyPlan();
}, 60_000);

interface Page {
  path: string;
  search?: string;
  storage?: Record<string, string>;
  language?: string;
  status?: number;
}

/** Runs the inline script as a page would: what it fetched, with which headers, and what it left. */
function run({ path, search = "", storage = {}, language = "en-US", status = 200 }: Page) {
  const fetched: { url: string; headers: Record<string, string> }[] = [];
  const window: Record<string, unknown> = {};
  runInNewContext(earlyScript(plan), {
    window,
    location: { pathname: path, search },
    navigator: { language },
    localStorage: { getItem: (key: string) => storage[key] ?? null },
    fetch: (url: string, init: { headers: Record<string, string> }) => {
      fetched.push({ url, headers: init.headers });
      return Promise.resolve({ ok: status < 400, status, json: () => Promise.resolve({ statusCode: status, data: url }) });
    },
    decodeURIComponent,
    JSON,
    Date,
  });
  return { fetched, early: window.__ccEarly as Record<string, { lang: string; answer: Promise<{ data: string }> }> | undefined };
}

const signedIn = { "cc.user": JSON.stringify({ id: 2, token: "t0k", fullname: "M", user_type: "center_user" }), "cc.center": "JKT-KMG" };

describe("the early requests' plan", () => {
  it("asks, on every console page, the session check and the bell's first page; on a list, its gate and first page", async () => {
    expect(plan.always).toEqual([
      ["/api/a/verify/___ca", 0],
      ["/api/notifications?limit=20&page=1", 0],
    ]);
    const posts = (await loadDefinitions()).find((d) => d.name === "posts")!;
    expect(plan.paths["/app/posts"]).toEqual([
      ["/api/a/verify/___pc?key=content_management&mode=read", 0],
      [`/api/posts?limit=10&page=1&sort=-created_at`, 1],
    ]);
    expect(decodeURIComponent(plan.paths["/app/posts"]![1]![0])).toBe(requestKey(firstPageRequest(posts, undefined, "")));
    expect(plan.paths["/app/events/life-club"]![1]).toEqual(["/api/posts?limit=10&page=1&sort=-created_at&type=life_club", 1]);
  });

  it("encodes each parameter, so that the URL decoded is the loader's key", () => {
    const request = { url: "/api/posts", params: { q: "a&b=c d", page: 1, empty: undefined } };
    const [href] = ask(request);
    expect(href).toBe("/api/posts?page=1&q=a%26b%3Dc%20d");
    expect(decodeURIComponent(href)).toBe(requestKey(request));
  });
});

describe("index.html's early requests", () => {
  it("ask a list's questions with the console's headers and leave each answer under the loader's key", async () => {
    const { fetched, early } = run({ path: "/app/posts", storage: signedIn });
    expect(fetched.map((f) => f.url)).toEqual([
      "/api/a/verify/___ca",
      "/api/notifications?limit=20&page=1",
      "/api/a/verify/___pc?key=content_management&mode=read",
      "/api/posts?limit=10&page=1&sort=-created_at",
    ]);
    expect(fetched[0]!.headers).toEqual({ Authorization: "Bearer t0k", "Accept-Language": "en", "X-Center-Code": "JKT-KMG" });
    expect(Object.keys(early!)).toEqual([
      "/api/a/verify/___ca?",
      "/api/notifications?limit=20&page=1",
      "/api/a/verify/___pc?key=content_management&mode=read",
      "/api/posts?limit=10&page=1&sort=-created_at",
    ]);
    await expect(early!["/api/posts?limit=10&page=1&sort=-created_at"]!.answer).resolves.toEqual({ statusCode: 200, data: "/api/posts?limit=10&page=1&sort=-created_at" });
  });

  it("leave a list's first page to the list when the URL names a page, order or filter", () => {
    const { fetched } = run({ path: "/app/posts", search: "?currentPage=2", storage: signedIn });
    expect(fetched.map((f) => f.url)).toEqual(["/api/a/verify/___ca", "/api/notifications?limit=20&page=1", "/api/a/verify/___pc?key=content_management&mode=read"]);
  });

  it("ask nothing signed out or outside the console", () => {
    expect(run({ path: "/app/posts" }).fetched).toEqual([]);
    expect(run({ path: "/app/posts", storage: { "cc.user": "not json" } }).fetched).toEqual([]);
    expect(run({ path: "/login", storage: signedIn }).fetched).toEqual([]);
    expect(run({ path: "/pick-center", storage: signedIn }).early).toBeUndefined();
  });

  it("ask in the console's language: the one stored, else the browser's", () => {
    expect(run({ path: "/app/welcome", storage: { ...signedIn, "cc.locale": "id" } }).early!["/api/a/verify/___ca?"]!.lang).toBe("id");
    expect(run({ path: "/app/welcome", storage: signedIn, language: "id-ID" }).fetched[0]!.headers["Accept-Language"]).toBe("id");
    expect(run({ path: "/app/welcome", storage: { ...signedIn, "cc.locale": "fr" }, language: "en-GB" }).early!["/api/a/verify/___ca?"]!.lang).toBe("en");
  });

  it("turn an answer that is not a success into a failure, which the console asks again", async () => {
    const { early } = run({ path: "/app/welcome", storage: signedIn, status: 401 });
    await expect(early!["/api/a/verify/___ca?"]!.answer).rejects.toBe(401);
  });
});
