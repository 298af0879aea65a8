// The public read API: no sign-in, live (approved) versions only, of the definitions marked public.
// Until approvals write live_data, records go live here by SQL, as an approval would.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defineResource, type ResourceDefinition } from "../../resources/types.js";
import { loadDefinitions } from "../definitions/load.js";
import { etagMatches, PUBLIC_CACHE_CONTROL, weakEtag } from "../routes/public.js";
import { testimonials } from "./documents.fixtures.js";
import { bearer, buildTestApp, createTestDb, DEMO, type TestApp, type TestDb } from "./helpers.js";

/** Test-only: a public type with a staff-only and a create-only field. */
const notices = defineResource({
  name: "notices",
  label: "Notice",
  labelPlural: "Notices",
  permissionKey: "content_management",
  scope: "center",
  titleField: "title",
  approval: { queue: "content" },
  history: true,
  public: true,
  fields: [
    { name: "title", label: "Title", type: "text", required: true, maxLength: 100, listed: true },
    { name: "body", label: "Body", type: "richtext" },
    { name: "priority", label: "Priority", type: "number", integer: true },
    { name: "internal_note", label: "Internal note", type: "textarea", staffOnly: true },
    { name: "access_code", label: "Access code", type: "text", createOnly: true },
  ],
  routes: { list: "/app/notices" },
});

/** Test-only: a public type shared by every center. */
const handbook = defineResource({
  name: "handbook-pages",
  label: "Handbook page",
  labelPlural: "Handbook pages",
  permissionKey: "content_management",
  scope: "global",
  titleField: "heading",
  approval: false,
  history: false,
  public: true,
  fields: [{ name: "heading", label: "Heading", type: "text", required: true }],
  routes: { list: "/app/handbook" },
});

let testDb: TestDb;
let t: TestApp;
let definitions: ResourceDefinition[];

beforeAll(async () => {
  testDb = await createTestDb();
  definitions = [...(await loadDefinitions()), testimonials, notices, handbook];
  t = await buildTestApp({ db: testDb.db, resources: definitions });
});
afterAll(async () => {
  await t?.close();
  await testDb?.close();
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url, headers });

interface Insert {
  center?: string | null;
  live?: boolean;
  liveAt?: string;
  deleted?: boolean;
}

/** A record written straight to the table; `live` approves it as the approval code will. */
async function insert(
  resource: string,
  data: Record<string, unknown>,
  { center = "JKT01", live = true, liveAt, deleted = false }: Insert = {},
): Promise<number> {
  const { rows } = await t.db.query<{ id: string }>(
    `INSERT INTO documents (resource, center_code, data, status, deleted_at) VALUES ($1, $2, $3, $4, ${deleted ? "now()" : "NULL"}) RETURNING id::text AS id`,
    [resource, center, JSON.stringify(data), live ? "published" : "pending"],
  );
  const id = Number(rows[0]!.id);
  if (live) await approve(id, liveAt);
  return id;
}

async function approve(id: number, liveAt?: string) {
  await t.db.query(
    `UPDATE documents SET live_data = data, live_version = version, live_at = ${liveAt ? "$2::timestamptz" : "now()"} WHERE id = $1`,
    liveAt ? [id, liveAt] : [id],
  );
}

describe("which types are served", () => {
  it("serves every definition marked public, and only those, with no sign-in", async () => {
    const served = [];
    for (const def of definitions) {
      const res = await get(`/api/public/${def.name}`);
      if (res.statusCode === 200) served.push(def.name);
      else expect(res.json()).toEqual({ statusCode: 404, message: "Not found" });
    }
    expect(served).toEqual(definitions.filter((d) => d.public === true).map((d) => d.name));
    expect(served).toContain("notices");
    expect(served).not.toContain("testimonials");
    // Users and roles have their own routes, never public ones.
    expect((await get("/api/public/users")).statusCode).toBe(404);
    expect((await get("/api/public/roles/1")).statusCode).toBe(404);
  });
});

describe("live versions only", () => {
  it("hides a record never approved, and serves it once approved", async () => {
    const id = await insert("notices", { title: "Waiting", body: null, priority: 1 }, { live: false });
    expect((await get(`/api/public/notices/${id}`)).json()).toEqual({ statusCode: 404, message: "Not found" });
    expect((await get("/api/public/notices?limit=100")).json().data.docs.map((d: { id: number }) => d.id)).not.toContain(id);
    await approve(id);
    const res = await get(`/api/public/notices/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id, title: "Waiting" });
  });

  it("keeps serving the approved version while a change waits, and the new one once approved", async () => {
    const id = await insert("notices", { title: "Approved title" });
    await t.db.query(`UPDATE documents SET data = jsonb_set(data, '{title}', '"Proposed title"'), version = version + 1, status = 'pending' WHERE id = $1`, [
      id,
    ]);
    expect((await get(`/api/public/notices/${id}`)).json().data.title).toBe("Approved title");
    const listed = (await get("/api/public/notices?limit=100")).json().data.docs.find((d: { id: number }) => d.id === id);
    expect(listed.title).toBe("Approved title");
    await approve(id);
    expect((await get(`/api/public/notices/${id}`)).json().data.title).toBe("Proposed title");
  });

  it("forgets a deleted record, even a live one", async () => {
    const id = await insert("notices", { title: "Gone" }, { deleted: true });
    expect((await get(`/api/public/notices/${id}`)).statusCode).toBe(404);
    expect((await get("/api/public/notices?limit=100")).json().data.docs.map((d: { id: number }) => d.id)).not.toContain(id);
  });

  it("answers 404 for a live record of another type, and for an id that does not exist", async () => {
    const id = await insert("testimonials", { quote: "Q", author: "A", rating: 5 });
    expect((await get(`/api/public/notices/${id}`)).statusCode).toBe(404);
    expect((await get(`/api/public/testimonials/${id}`)).statusCode).toBe(404);
    expect((await get("/api/public/notices/2147483647")).statusCode).toBe(404);
  });
});

describe("through the approval workflow", () => {
  const tokens = { editor: "", manager: "", superadmin: "" };
  beforeAll(async () => {
    for (const who of ["editor", "manager", "superadmin"] as const) tokens[who] = await t.login(DEMO[who].username, DEMO[who].password);
  });
  const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, who: keyof typeof tokens, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(tokens[who], "JKT01"), ...(payload && { payload }) });
  const openRequest = async (id: number) =>
    Number((await t.db.query<{ id: string }>("SELECT id::text AS id FROM change_requests WHERE document_id = $1 AND status = 'pending'", [id])).rows[0]!.id);
  const decide = async (id: number, who: keyof typeof tokens) => {
    const res = await call("POST", `/api/approvals/${await openRequest(id)}/approve`, who, {});
    expect(res.statusCode, res.body).toBe(200);
  };
  const publicTitle = async (id: number) => {
    const res = await get(`/api/public/posts/${id}`);
    return res.statusCode === 200 ? (res.json().data.title as string) : res.statusCode;
  };

  it("serves a post once approved, the old version while an edit waits, until a deletion is approved", async () => {
    const post = { title: "Open day", slug: "public-open-day", type: "news", content: "<p>Come</p>" };
    const created = await call("POST", "/api/posts", "editor", post);
    expect(created.statusCode).toBe(200);
    const id = created.json().data.id as number;
    expect(await publicTitle(id)).toBe(404);

    await decide(id, "manager");
    expect(await publicTitle(id)).toBe("Open day");
    const listed = (await get("/api/public/posts?center_code=JKT01")).json().data.docs[0];
    expect(listed).toMatchObject({ id, title: "Open day", center_web_name: "Jakarta Kemang" });

    const { version } = (await call("GET", `/api/posts/${id}`, "editor")).json().data.docs[0];
    expect((await call("PUT", `/api/posts/${id}`, "editor", { ...post, title: "Open day, new time", version })).statusCode).toBe(200);
    expect(await publicTitle(id)).toBe("Open day");
    await decide(id, "manager");
    expect(await publicTitle(id)).toBe("Open day, new time");

    expect((await call("DELETE", `/api/posts/${id}`, "manager")).statusCode).toBe(200);
    expect(await publicTitle(id)).toBe("Open day, new time");
    await decide(id, "superadmin");
    expect(await publicTitle(id)).toBe(404);
  });
});

describe("what a record shows", () => {
  it("answers the definition's fields from the live snapshot, without staff-only or create-only ones", async () => {
    const id = await insert(
      "notices",
      { title: "Holiday", body: "<p>Closed</p>", priority: 2, internal_note: "call the landlord", access_code: "1234", stray: "x" },
      { liveAt: "2026-01-02T03:04:05Z" },
    );
    const res = await get(`/api/public/notices/${id}`);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.json()).toEqual({
      statusCode: 200,
      data: {
        id,
        title: "Holiday",
        body: "<p>Closed</p>",
        priority: 2,
        center_code: "JKT01",
        center_web_name: "Jakarta Kemang",
        published_at: "2026-01-02T03:04:05.000Z",
      },
    });
  });

  it("fills a field missing from an older snapshot with null", async () => {
    const id = await insert("notices", { title: "Old shape" });
    expect((await get(`/api/public/notices/${id}`)).json().data).toMatchObject({ title: "Old shape", body: null, priority: null });
  });

  it("serves a global type with no center", async () => {
    const id = await insert("handbook-pages", { heading: "Welcome" }, { center: null });
    expect((await get(`/api/public/handbook-pages/${id}`)).json().data).toMatchObject({ heading: "Welcome", center_code: null, center_web_name: null });
    // A global type has no center filter to give.
    expect((await get("/api/public/handbook-pages?center_code=JKT01")).statusCode).toBe(400);
  });
});

describe("the list", () => {
  const ids: number[] = [];
  beforeAll(async () => {
    await t.db.query("DELETE FROM documents WHERE resource = 'notices'");
    // Published in this order at JKT01, JKT01, BDG01, JKT01, JKT01.
    const centers = ["JKT01", "JKT01", "BDG01", "JKT01", "JKT01"];
    for (const [i, center] of centers.entries()) ids.push(await insert("notices", { title: `N${i}` }, { center, liveAt: `2026-03-0${i + 1}T00:00:00Z` }));
    await insert("notices", { title: "draft" }, { live: false });
  });

  it("lists newest published first, in the API's list envelope", async () => {
    const res = await get("/api/public/notices");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.statusCode).toBe(200);
    expect(body.data).toMatchObject({ totalDocs: 5, page: 1, limit: 10, totalPages: 1 });
    expect(body.data.docs.map((d: { title: string }) => d.title)).toEqual(["N4", "N3", "N2", "N1", "N0"]);
  });

  it("breaks ties of one publishing time by id, newest first", async () => {
    await t.db.query("UPDATE documents SET live_at = '2026-03-09T00:00:00Z' WHERE id = ANY($1::bigint[])", [[ids[0], ids[1]]]);
    const docs = (await get("/api/public/notices?limit=2")).json().data.docs;
    expect(docs.map((d: { id: number }) => d.id)).toEqual([ids[1], ids[0]]);
    await approve(ids[0]!, "2026-03-01T00:00:00Z");
    await approve(ids[1]!, "2026-03-02T00:00:00Z");
  });

  it("pages", async () => {
    const page2 = (await get("/api/public/notices?page=2&limit=2")).json().data;
    expect(page2).toMatchObject({ totalDocs: 5, page: 2, limit: 2, totalPages: 3 });
    expect(page2.docs.map((d: { title: string }) => d.title)).toEqual(["N2", "N1"]);
    const beyond = (await get("/api/public/notices?page=9&limit=2")).json().data;
    expect(beyond).toEqual({ docs: [], totalDocs: 5, page: 9, limit: 2, totalPages: 3 });
  });

  it("filters by center; an unknown center is a 404", async () => {
    const jkt = (await get("/api/public/notices?center_code=JKT01")).json().data;
    expect(jkt.docs.map((d: { title: string }) => d.title)).toEqual(["N4", "N3", "N1", "N0"]);
    expect(jkt.totalDocs).toBe(4);
    const sby = (await get("/api/public/notices?center_code=SBY01")).json().data;
    expect(sby).toEqual({ docs: [], totalDocs: 0, page: 1, limit: 10, totalPages: 1 });
    expect((await get("/api/public/notices?center_code=NOPE1")).json()).toEqual({ statusCode: 404, message: "Unknown center" });
  });

  it.each([
    ["page=0", { page: "must be at least 1" }],
    ["limit=101", { limit: "must be at most 100" }],
    ["limit=ten", { limit: "must be an integer" }],
    ["sort=-title", { sort: "is not a known field" }],
    ["center_code=JKT01%27--", { center_code: "is not in the expected format" }],
  ])("refuses a bad query (%s) with 400", async (query, errors) => {
    expect((await get(`/api/public/notices?${query}`)).json()).toEqual({ statusCode: 400, message: "Validation failed", errors });
  });

  it("refuses a bad id with 400", async () => {
    expect((await get("/api/public/notices/abc")).json()).toEqual({ statusCode: 400, message: "Validation failed", errors: { id: "must be an integer" } });
    expect((await get("/api/public/notices/0")).statusCode).toBe(400);
  });
});

describe("caching", () => {
  let id: number;
  beforeAll(async () => {
    id = await insert("notices", { title: "Cached" });
  });

  it("sends a weak ETag of the body and a one-minute public Cache-Control", async () => {
    for (const url of [`/api/public/notices/${id}`, "/api/public/notices"]) {
      const res = await get(url);
      expect(res.headers["cache-control"]).toBe(PUBLIC_CACHE_CONTROL);
      expect(res.headers.etag).toBe(weakEtag(res.body));
      expect(res.headers.etag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
    }
  });

  it("answers 304 with no body to a matching If-None-Match, and 200 once the live version changes", async () => {
    const first = await get(`/api/public/notices/${id}`);
    const etag = first.headers.etag as string;
    const again = await get(`/api/public/notices/${id}`, { "if-none-match": etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    expect(again.headers.etag).toBe(etag);
    expect(again.headers["cache-control"]).toBe(PUBLIC_CACHE_CONTROL);
    // Strong form, a list of tags, and `*` match too (weak comparison).
    expect((await get(`/api/public/notices/${id}`, { "if-none-match": etag.slice(2) })).statusCode).toBe(304);
    expect((await get(`/api/public/notices/${id}`, { "if-none-match": `W/"other", ${etag}` })).statusCode).toBe(304);
    expect((await get(`/api/public/notices/${id}`, { "if-none-match": "*" })).statusCode).toBe(304);

    await t.db.query(`UPDATE documents SET data = jsonb_set(data, '{title}', '"Cached, edited"') WHERE id = $1`, [id]);
    await approve(id);
    const changed = await get(`/api/public/notices/${id}`, { "if-none-match": etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json().data.title).toBe("Cached, edited");
  });

  it("caches no error", async () => {
    const res = await get("/api/public/notices/2147483000", { "if-none-match": "*" });
    expect(res.statusCode).toBe(404);
    expect(res.headers.etag).toBeUndefined();
    expect(res.headers["cache-control"]).toBeUndefined();
  });

  it("compares tags weakly", () => {
    expect(etagMatches(undefined, 'W/"a"')).toBe(false);
    expect(etagMatches('"a"', 'W/"a"')).toBe(true);
    expect(etagMatches('W/"b", W/"c"', 'W/"a"')).toBe(false);
  });
});

describe("any website may call it", () => {
  it("allows any origin and exposes the ETag; the console's own routes do not", async () => {
    const res = await get("/api/public/notices", { origin: "https://www.example-school.test" });
    expect(res.headers["access-control-allow-origin"]).toBe("*");
    expect(res.headers["access-control-expose-headers"]).toBe("ETag");
    expect(res.headers["cross-origin-resource-policy"]).toBe("cross-origin");
    const own = await get("/api/health", { origin: "https://www.example-school.test" });
    expect(own.headers["access-control-allow-origin"]).toBeUndefined();
  });
});

describe("rate limit", () => {
  it("limits each client address per minute on these routes", async () => {
    const limited = await buildTestApp({ db: t.db, resources: definitions, publicRateLimit: 2 });
    try {
      const from = (remoteAddress: string) => limited.app.inject({ method: "GET", url: "/api/public/notices", remoteAddress });
      expect((await from("198.51.100.7")).statusCode).toBe(200);
      expect((await from("198.51.100.7")).headers["x-ratelimit-remaining"]).toBe("0");
      const refused = await from("198.51.100.7");
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ statusCode: 429, message: expect.stringMatching(/rate limit/i) });
      expect(refused.headers["retry-after"]).toBeDefined();
      expect((await from("198.51.100.8")).statusCode).toBe(200);
    } finally {
      await limited.app.close();
    }
  });
});
