import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureDocumentIndexes } from "../definitions/indexes.js";
import { loadDefinitions } from "../definitions/load.js";
import { testimonials } from "./documents.fixtures.js";
import { bearer, buildTestApp, createTestDb, DEMO, type TestApp, type TestDb } from "./helpers.js";

let testDb: TestDb;
let t: TestApp;
const tokens = { superadmin: "", manager: "", editor: "" };

beforeAll(async () => {
  testDb = await createTestDb();
  // Here the test-only type goes live on every save; the approvals tests use it with its queue.
  const definitions = [...(await loadDefinitions()), { ...testimonials, approval: false as const }];
  await ensureDocumentIndexes(testDb.db, definitions);
  t = await buildTestApp({ db: testDb.db, resources: definitions });
  for (const who of ["superadmin", "manager", "editor"] as const) tokens[who] = await t.login(DEMO[who].username, DEMO[who].password);
});
afterAll(async () => {
  await t?.close();
  await testDb?.close();
});

type Who = keyof typeof tokens;
const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, who: Who, center?: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(tokens[who], center), ...(payload && { payload }) });
const count = async (sql: string, params: unknown[] = []) => (await t.db.query<{ n: number }>(sql, params)).rows[0]!.n;

const post = (slug: string, extra: object = {}) => ({ title: `Post ${slug}`, slug, type: "news", content: "<p>Body</p>", ...extra });

describe("a definition with no file (testimonials)", () => {
  let id: number;

  it("creates, with the server's status and center, and no approval", async () => {
    const res = await call("POST", "/api/testimonials", "editor", "JKT01", { quote: "  Great teachers!  ", author: "Sari", rating: 5, featured: true });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe("Testimonial created");
    expect(body.data).toMatchObject({
      quote: "Great teachers!",
      author: "Sari",
      rating: 5,
      featured: true,
      post: null,
      status: "published",
      version: 1,
      center_code: "JKT01",
      center_web_name: "Jakarta Kemang",
      created_by_name: "Demo Content Editor",
    });
    id = body.data.id;
  });

  it("validates against the definition", async () => {
    const res = await call("POST", "/api/testimonials", "editor", "JKT01", { quote: "x".repeat(301), rating: 6, colour: "red" });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      quote: "must be at most 300 characters",
      rating: "must be at most 5",
      author: "author is required",
      colour: "is not a known field",
    });
    const wrongType = await call("POST", "/api/testimonials", "editor", "JKT01", { quote: "Fine", author: "A", rating: "five" });
    expect(wrongType.json().errors).toEqual({ rating: "must be an integer" });
    const blank = await call("POST", "/api/testimonials", "editor", "JKT01", { quote: "   ", author: "A", rating: 3 });
    expect(blank.json().errors).toEqual({ quote: "must not be empty" });
  });

  it("checks that a referenced record exists in the same center", async () => {
    const bdgPost = await call("POST", "/api/posts", "manager", "BDG01", post("ref-target-bdg"));
    const jktPost = await call("POST", "/api/posts", "manager", "JKT01", post("ref-target-jkt"));
    const foreign = await call("POST", "/api/testimonials", "editor", "JKT01", { quote: "Q", author: "A", rating: 3, post: bdgPost.json().data.id });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toEqual({ post: "does not exist" });
    const ok = await call("POST", "/api/testimonials", "editor", "JKT01", { quote: "Q", author: "A", rating: 3, post: jktPost.json().data.id });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.post).toBe(jktPost.json().data.id);
  });

  it("lists with its filters and sorts, updates and deletes", async () => {
    for (const [author, rating] of [
      ["Budi", 2],
      ["Citra", 4],
    ] as const) {
      expect((await call("POST", "/api/testimonials", "editor", "JKT01", { quote: "Good", author, rating, featured: false })).statusCode).toBe(200);
    }
    const high = await call("GET", "/api/testimonials?rating__gte=4&sort=-rating", "editor", "JKT01");
    expect(high.json().data.docs.map((d: { author: string }) => d.author)).toEqual(["Sari", "Citra"]);
    const featured = await call("GET", "/api/testimonials?featured=true", "editor", "JKT01");
    expect(featured.json().data.docs.map((d: { author: string }) => d.author)).toEqual(["Sari"]);
    const byAuthor = await call("GET", "/api/testimonials?sort=author", "editor", "JKT01");
    expect(byAuthor.json().data.docs.map((d: { author: string }) => d.author)).toEqual(["A", "Budi", "Citra", "Sari"]);

    const saved = await call("PUT", `/api/testimonials/${id}`, "editor", "JKT01", { quote: "Great teachers!", author: "Sari W.", rating: 4, version: 1 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ message: "Testimonial saved", data: { author: "Sari W.", version: 2, featured: null } });

    expect((await call("DELETE", `/api/testimonials/${id}`, "editor", "JKT01")).statusCode).toBe(403);
    const deleted = await call("DELETE", `/api/testimonials/${id}`, "manager", "JKT01");
    expect(deleted.json()).toMatchObject({ statusCode: 200, message: "Testimonial deleted", data: { status: "deleted", version: 3 } });
    expect((await call("GET", `/api/testimonials/${id}`, "manager", "JKT01")).statusCode).toBe(404);
  });
});

describe("writes", () => {
  it("ignore the fields the server owns", async () => {
    const res = await call("POST", "/api/posts", "editor", "JKT01", {
      ...post("owned-fields"),
      status: "published",
      center_code: "BDG01",
      created_by: 1,
      created_at: "2000-01-01T00:00:00Z",
      version: 99,
      id: 5,
    });
    expect(res.statusCode).toBe(200);
    const doc = res.json().data;
    expect(doc).toMatchObject({ status: "pending", center_code: "JKT01", version: 1, created_by_name: "Demo Content Editor" });
    expect(doc.id).not.toBe(5);
    expect(doc.created_at.startsWith("2000")).toBe(false);
    const saved = await call("PUT", `/api/posts/${doc.id}`, "editor", "JKT01", {
      ...doc,
      status: "published",
      center_code: "BDG01",
      created_by: 1,
      version: 1,
    });
    expect(saved.json().data).toMatchObject({ status: "pending", center_code: "JKT01", created_by: doc.created_by, version: 2 });
  });

  it("refuse a stale version with 409 and the current record, overwriting nothing", async () => {
    const created = (await call("POST", "/api/posts", "editor", "JKT01", post("stale-check"))).json().data;
    const first = await call("PUT", `/api/posts/${created.id}`, "manager", "JKT01", { ...post("stale-check"), title: "Manager's title", version: 1 });
    expect(first.statusCode).toBe(200);
    const stale = await call("PUT", `/api/posts/${created.id}`, "editor", "JKT01", { ...post("stale-check"), title: "Editor's title", version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      statusCode: 409,
      message: "Someone else saved this record since you opened it",
      data: { current: { id: created.id, title: "Manager's title", version: 2 } },
    });
    const now = (await call("GET", `/api/posts/${created.id}`, "editor", "JKT01")).json().data.docs[0];
    expect(now.title).toBe("Manager's title");
    expect(await count("SELECT count(*)::int AS n FROM document_versions WHERE document_id = $1", [created.id])).toBe(2);
    const noVersion = await call("PUT", `/api/posts/${created.id}`, "editor", "JKT01", post("stale-check"));
    expect(noVersion.json().errors).toEqual({ version: "version is required" });
  });

  it("answer 404 for another center's record, a deleted one or a missing one", async () => {
    const jkt = (await call("POST", "/api/posts", "manager", "JKT01", post("foreign-check"))).json().data;
    for (const [method, payload] of [["GET"], ["PUT", { ...post("foreign-check"), version: 1 }], ["DELETE"]] as const) {
      const res = await call(method, `/api/posts/${jkt.id}`, "manager", "BDG01", payload);
      expect(res.statusCode, method).toBe(404);
      expect(res.json()).toEqual({ statusCode: 404, message: "Not found" });
    }
    expect((await call("GET", "/api/posts/999999", "manager", "JKT01")).statusCode).toBe(404);
    expect((await call("GET", "/api/posts?limit=100", "manager", "BDG01")).json().data.docs.some((d: { id: number }) => d.id === jkt.id)).toBe(false);
    expect((await call("GET", `/api/posts/${jkt.id}`, "manager", "JKT01")).json().data.docs[0].version).toBe(1);
  });

  it("keep slugs unique per center regardless of case", async () => {
    expect((await call("POST", "/api/posts", "manager", "JKT01", post("unique-slug"))).statusCode).toBe(200);
    const clash = await call("POST", "/api/posts", "manager", "JKT01", { ...post("unique-slug"), slug: "unique-slug" });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().errors).toEqual({ slug: "is already in use" });
    // The unique index refuses a value differing in case only, even past the check.
    await expect(
      t.db.query(
        "INSERT INTO documents (resource, center_code, data, status) SELECT resource, center_code, jsonb_set(data, '{slug}', '\"UNIQUE-SLUG\"'), status FROM documents WHERE data->>'slug' = 'unique-slug'",
      ),
    ).rejects.toMatchObject({ code: "23505" });
    expect((await call("POST", "/api/posts", "manager", "BDG01", post("unique-slug"))).statusCode).toBe(200);
    const other = (await call("POST", "/api/posts", "manager", "JKT01", post("other-slug"))).json().data;
    const rename = await call("PUT", `/api/posts/${other.id}`, "manager", "JKT01", { ...post("unique-slug"), version: 1 });
    expect(rename.json().errors).toEqual({ slug: "is already in use" });
    const same = await call("PUT", `/api/posts/${other.id}`, "manager", "JKT01", { ...post("other-slug"), title: "Kept slug", version: 1 });
    expect(same.statusCode).toBe(200);
  });

  it("free a slug when its record is deleted", async () => {
    const doc = (await call("POST", "/api/posts", "manager", "JKT01", post("reused-slug"))).json().data;
    expect((await call("DELETE", `/api/posts/${doc.id}`, "manager", "JKT01")).statusCode).toBe(200);
    expect((await call("POST", "/api/posts", "manager", "JKT01", post("reused-slug"))).statusCode).toBe(200);
  });

  it("check that ranges end after they start", async () => {
    const bad = await call(
      "POST",
      "/api/posts",
      "manager",
      "JKT01",
      post("bad-range", { starts_at: "2026-05-01T10:00:00+07:00", ends_at: "2026-05-01T09:00:00+07:00" }),
    );
    expect(bad.json().errors).toEqual({ ends_at: "The end must not be before the start" });
    // Offsets differ, the times do not: 03:00Z is after 02:00Z.
    const good = await call(
      "POST",
      "/api/posts",
      "manager",
      "JKT01",
      post("good-range", { starts_at: "2026-05-01T09:00:00+07:00", ends_at: "2026-05-01T03:00:00Z" }),
    );
    expect(good.statusCode).toBe(200);
    expect(good.json().data.starts_at).toBe("2026-05-01T02:00:00.000Z");
    const pay = await call("POST", "/api/careers", "manager", "JKT01", {
      title: "Teacher",
      employment_type: "full_time",
      description: "<p>x</p>",
      salary_min: 10,
      salary_max: 5,
    });
    expect(pay.json().errors).toEqual({ salary_max: "The maximum salary must not be less than the minimum" });
  });

  it("use a definition's own pattern message and refuse unknown fields", async () => {
    const res = await call("POST", "/api/posts", "manager", "JKT01", { ...post("Not A Slug"), colour: "red", registration_url: "ftp://x" });
    expect(res.json()).toEqual({
      statusCode: 400,
      message: "Validation failed",
      errors: {
        slug: "Use lower-case letters, digits and single dashes",
        colour: "is not a known field",
        registration_url: "must be a link starting with http:// or https://",
      },
    });
  });

  it("allow one centre information per center", async () => {
    const info = { address: "Jl. Baru 1", phone: "+62 21 555 0000" };
    const second = await call("POST", "/api/center-informations", "manager", "JKT01", info);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ statusCode: 409, message: "This center already has one" });
    const del = await call("DELETE", `/api/center-informations/1`, "manager", "JKT01");
    expect(del.statusCode).toBe(405);
    expect(del.json().message).toBe("Center information cannot be deleted");
  });

  it("sanitise rich text before storing it", async () => {
    const html =
      '<h2>Title</h2><p onclick="steal()">Hi <strong>there</strong><script>alert(1)</script></p>' +
      '<img src="x" onerror="alert(1)"><img src="/uploads/aaaa.png" alt="ok"><img src="javascript:alert(1)">' +
      '<a href="javascript:alert(1)">bad</a><a href="https://example.com" target="_blank">good</a><iframe src="https://evil"></iframe><ul><li>one</li></ul>';
    const res = await call("POST", "/api/posts", "manager", "JKT01", post("sanitised", { content: html }));
    const content: string = res.json().data.content;
    expect(content).not.toMatch(/script|onerror|onclick|javascript:|iframe/i);
    expect(content).toContain("<h2>Title</h2>");
    expect(content).toContain("<strong>there</strong>");
    expect(content).toContain('<img alt="ok" src="/uploads/aaaa.png" />');
    expect(content.match(/<img/g)).toHaveLength(1);
    expect(content).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer">good</a>');
    expect(content).toContain('<a rel="noopener noreferrer">bad</a>');
    expect(content).toContain("<ul><li>one</li></ul>");
    const stored = await t.db.query("SELECT data->>'content' AS c FROM documents WHERE id = $1", [res.json().data.id]);
    expect(stored.rows[0].c).toBe(content);
  });
});

describe("superadmin", () => {
  it("sees every center without a header, filters by center, and names the center on create", async () => {
    const all = (await call("GET", "/api/careers?limit=100", "superadmin")).json().data;
    expect(new Set(all.docs.map((d: { center_code: string }) => d.center_code))).toEqual(new Set(["JKT01", "BDG01", "SBY01"]));
    const sby = (await call("GET", "/api/careers?center_code=SBY01", "superadmin")).json().data;
    expect(sby.totalDocs).toBe(3);
    expect(sby.docs.every((d: { center_code: string }) => d.center_code === "SBY01")).toBe(true);
    const withHeader = (await call("GET", "/api/careers?center_code=SBY01", "superadmin", "BDG01")).json().data;
    expect(withHeader.docs.every((d: { center_code: string }) => d.center_code === "BDG01")).toBe(true);

    const job = { title: "Librarian", employment_type: "part_time", description: "<p>Books</p>" };
    const none = await call("POST", "/api/careers", "superadmin", undefined, job);
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual({ center_code: "Choose a center" });
    expect((await call("POST", "/api/careers", "superadmin", undefined, { ...job, center_code: "NOPE" })).json().errors).toEqual({
      center_code: "Choose a center",
    });
    const named = await call("POST", "/api/careers", "superadmin", undefined, { ...job, center_code: "SBY01" });
    expect(named.json().data).toMatchObject({ center_code: "SBY01", created_by_name: "Super Admin" });
    const header = await call("POST", "/api/careers", "superadmin", "BDG01", { ...job, center_code: "SBY01" });
    expect(header.json().data.center_code).toBe("BDG01");
  });
});

describe("lists", () => {
  beforeAll(async () => {
    for (let i = 1; i <= 25; i++) {
      const res = await call("POST", "/api/posts", "manager", "BDG01", {
        title: i % 5 === 0 ? `Pronunciation workshop ${i}` : `Grammar clinic ${i}`,
        slug: `paging-${i}`,
        type: i % 2 ? "life_club" : "exhibition",
        content: `<p>Session <em>${i}</em> about ${i % 3 === 0 ? "phrasal verbs" : "tenses"}</p>`,
        excerpt: i === 7 ? "Bring your dictionary" : null,
        starts_at: `2027-01-${String(i).padStart(2, "0")}T10:00:00+07:00`,
      });
      expect(res.statusCode).toBe(200);
    }
  });
  const list = async (query: string, who: Who = "manager", center = "BDG01") => {
    const res = await call("GET", `/api/posts?${query}`, who, center);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { docs: Record<string, any>[]; totalDocs: number; page: number; limit: number; totalPages: number };
  };

  it("page through with a right total and no overlap", async () => {
    const base = await list("type=life_club,exhibition&starts_at__gte=2027-01-01");
    expect(base.totalDocs).toBe(25);
    const p1 = await list("type=life_club,exhibition&starts_at__gte=2027-01-01&limit=10&page=1&sort=-starts_at");
    const p2 = await list("type=life_club,exhibition&starts_at__gte=2027-01-01&limit=10&page=2&sort=-starts_at");
    const p3 = await list("type=life_club,exhibition&starts_at__gte=2027-01-01&limit=10&page=3&sort=-starts_at");
    expect(p1).toMatchObject({ totalDocs: 25, page: 1, limit: 10, totalPages: 3 });
    expect(p1.docs[0]!.slug).toBe("paging-25");
    expect(p2.docs[0]!.slug).toBe("paging-15");
    expect(p3.docs.map((d) => d.slug)).toEqual(["paging-5", "paging-4", "paging-3", "paging-2", "paging-1"]);
    const past = await list("type=life_club,exhibition&starts_at__gte=2027-01-01&limit=10&page=9");
    expect(past).toMatchObject({ docs: [], totalDocs: 25 });
  });

  it("filter by select values and date ranges", async () => {
    expect((await list("type=exhibition&starts_at__gte=2027-01-01")).totalDocs).toBe(12);
    const range = await list("starts_at__gte=2027-01-10T00:00:00%2B07:00&starts_at__lte=2027-01-12T23:59:59%2B07:00&sort=starts_at");
    expect(range.docs.map((d) => d.slug)).toEqual(["paging-10", "paging-11", "paging-12"]);
    const bad = await call("GET", "/api/posts?starts_at__gte=soon", "manager", "BDG01");
    expect(bad.json().errors).toEqual({ starts_at__gte: "must be a date and time" });
  });

  it("search word prefixes over the searchable fields", async () => {
    expect((await list("q=pronun")).totalDocs).toBe(5);
    expect((await list("q=Pronunciation%20workshop%2010")).docs.map((d) => d.slug)).toEqual(["paging-10"]);
    expect((await list("q=dictionar")).docs.map((d) => d.slug)).toEqual(["paging-7"]);
    // Rich text is not searchable for posts; punctuation alone is no filter.
    expect((await list("q=phrasal")).totalDocs).toBe(0);
    expect((await list("q=%26%7C!")).totalDocs).toBe((await list("")).totalDocs);
  });

  it("sort by the sortable fields, fetch by ids, and refuse the rest", async () => {
    const byTitle = await list("sort=title,-starts_at&limit=3&starts_at__gte=2027-01-01");
    expect(byTitle.docs.map((d) => d.title)).toEqual(["Grammar clinic 1", "Grammar clinic 11", "Grammar clinic 12"]);
    const ids = (await list("limit=3")).docs.map((d) => d.id);
    expect((await list(`ids=${ids.join(",")}`)).docs.map((d) => d.id).sort()).toEqual([...ids].sort());
    const bad = await call("GET", "/api/posts?sort=content", "manager", "BDG01");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.sort).toMatch(/^can sort by created_at, updated_at, title, starts_at/);
    expect((await call("GET", "/api/posts?limit=101", "manager", "BDG01")).json().errors).toEqual({ limit: "must be at most 100" });
    expect((await call("GET", "/api/posts?colour=red", "manager", "BDG01")).json().errors).toEqual({ colour: "is not a known field" });
  });

  it("keep the unfiltered total (a kept counter) equal to a real count through writes", async () => {
    const real = async (center: string | null) =>
      count(
        `SELECT count(*)::int AS n FROM documents WHERE resource = 'posts' AND deleted_at IS NULL${center ? " AND center_code = $1" : ""}`,
        center ? [center] : [],
      );
    const doc = (await call("POST", "/api/posts", "manager", "BDG01", post("counted"))).json().data;
    expect((await list("")).totalDocs).toBe(await real("BDG01"));
    await call("DELETE", `/api/posts/${doc.id}`, "manager", "BDG01");
    expect((await list("")).totalDocs).toBe(await real("BDG01"));
    expect((await call("GET", "/api/posts", "superadmin")).json().data.totalDocs).toBe(await real(null));
    expect((await call("GET", "/api/posts?center_code=SBY01", "superadmin")).json().data.totalDocs).toBe(await real("SBY01"));
  });

  it("use the definition's default sort", async () => {
    const links = await list("", "manager", "JKT01").then(() => call("GET", "/api/center-links", "manager", "JKT01"));
    // The demo's four live links and a new one waiting for approval.
    expect(links.json().data.docs.map((d: { position: number }) => d.position)).toEqual([1, 2, 3, 4, 5]);
  });
});

describe("history", () => {
  it("keeps a version row per write, with actor, note and snapshot, and an audit row", async () => {
    const created = (await call("POST", "/api/posts", "editor", "JKT01", { ...post("history-check"), change_note: "First draft" })).json().data;
    await call("PUT", `/api/posts/${created.id}`, "manager", "JKT01", { ...post("history-check"), title: "Second", version: 1, change_note: "Better title" });
    await call("DELETE", `/api/posts/${created.id}`, "manager", "JKT01");
    const versions = await t.db.query(
      "SELECT version, action, data->>'title' AS title, status, center_code, actor_id, actor_name, note FROM document_versions WHERE document_id = $1 ORDER BY version",
      [created.id],
    );
    const ids = Object.fromEntries((await t.db.query("SELECT id, username FROM users")).rows.map((r) => [r.username, r.id]));
    expect(versions.rows).toEqual([
      {
        version: 1,
        action: "create",
        title: "Post history-check",
        status: "pending",
        center_code: "JKT01",
        actor_id: ids.editor,
        actor_name: "Demo Content Editor",
        note: "First draft",
      },
      {
        version: 2,
        action: "update",
        title: "Second",
        status: "pending",
        center_code: "JKT01",
        actor_id: ids.manager,
        actor_name: "Demo Center Manager",
        note: "Better title",
      },
      {
        version: 3,
        action: "delete",
        title: "Second",
        status: "deleted",
        center_code: "JKT01",
        actor_id: ids.manager,
        actor_name: "Demo Center Manager",
        note: null,
      },
    ]);
    const audit = await t.db.query("SELECT actor_id, action, detail FROM audit_log WHERE entity = 'posts' AND entity_id = $1 ORDER BY id", [
      String(created.id),
    ]);
    expect(audit.rows).toEqual([
      { actor_id: ids.editor, action: "create", detail: { version: 1, center_code: "JKT01" } },
      { actor_id: ids.manager, action: "update", detail: { version: 2, center_code: "JKT01" } },
      { actor_id: ids.manager, action: "delete", detail: { version: 3, center_code: "JKT01" } },
    ]);
    const row = await t.db.query("SELECT status, deleted_at IS NOT NULL AS deleted FROM documents WHERE id = $1", [created.id]);
    expect(row.rows[0]).toEqual({ status: "deleted", deleted: true });
    expect((await call("GET", "/api/posts?q=history", "manager", "JKT01")).json().data.totalDocs).toBe(0);
  });

  it("seeds live demo content, each record submitted and approved", async () => {
    const { rows } = await t.db.query(
      `SELECT resource, center_code, count(*)::int AS n FROM documents
       WHERE live_data IS NOT NULL AND deleted_at IS NULL AND center_code = 'SBY01' GROUP BY 1, 2 ORDER BY 1, 2`,
    );
    expect(rows).toEqual([
      { resource: "careers", center_code: "SBY01", n: 3 },
      { resource: "center-informations", center_code: "SBY01", n: 1 },
      { resource: "center-links", center_code: "SBY01", n: 4 },
      { resource: "images", center_code: "SBY01", n: 3 },
      { resource: "posts", center_code: "SBY01", n: 5 },
    ]);
    // Every live record's first two versions are its submission and its approval.
    const firstTwo = await t.db.query(
      `SELECT string_agg(v.action, ',' ORDER BY v.version) AS actions FROM documents d JOIN document_versions v ON v.document_id = d.id
       WHERE d.live_data IS NOT NULL AND d.resource <> 'testimonials' AND v.version <= 2 GROUP BY d.id`,
    );
    expect(new Set(firstTwo.rows.map((r) => r.actions))).toEqual(new Set(["create,approve"]));
  });
});
