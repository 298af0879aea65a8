// CSV export of a list: the list's scope, filters and search; spreadsheet-safe cells; many pages.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXPORT_PAGE } from "../documents/export.js";
import { bearer, buildTestApp, DEMO, type TestApp } from "./helpers.js";

let t: TestApp;
const tokens = { superadmin: "", manager: "", editor: "" };

beforeAll(async () => {
  t = await buildTestApp();
  for (const who of ["superadmin", "manager", "editor"] as const) tokens[who] = await t.login(DEMO[who].username, DEMO[who].password);
});
afterAll(async () => {
  await t?.close();
});

type Who = keyof typeof tokens;
const get = (who: Who, url: string, center?: string) => t.app.inject({ url, headers: bearer(tokens[who], center) });

/** The CSV's records (RFC 4180: quoted cells may hold commas, quotes and line breaks). */
function parse(csv: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < csv.length; i++) {
    const ch = csv[i]!;
    if (quoted) {
      if (ch === '"' && csv[i + 1] === '"') (cell += '"'), i++;
      else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") row.push(cell), (cell = "");
    else if (ch === "\r" && csv[i + 1] === "\n") row.push(cell), rows.push(row), (row = []), (cell = ""), i++;
    else cell += ch;
  }
  return rows;
}

describe("GET /api/<name>/export.csv", () => {
  it("answers the caller's list as UTF-8 CSV with a BOM, a header and one row per record", async () => {
    const res = await get("editor", "/api/careers/export.csv", "JKT01");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="careers_JKT01_\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.body.startsWith("\uFEFF")).toBe(true);
    const rows = parse(res.body.slice(1));
    expect(rows[0]!.slice(0, 3)).toEqual(["ID", "Job title", "Department"]);
    const list = (await get("editor", "/api/careers?limit=100", "JKT01")).json().data;
    expect(rows.length - 1).toBe(list.totalDocs);
    const center = rows[0]!.indexOf("Center");
    expect(rows.slice(1).every((r) => r[center] === "JKT01")).toBe(true);
  });

  it("heads its columns and words its choices in the caller's language", async () => {
    const res = await t.app.inject({ url: "/api/careers/export.csv", headers: { ...bearer(tokens.editor, "JKT01"), "accept-language": "id-ID,id;q=0.9" } });
    const rows = parse(res.body.slice(1));
    expect(rows[0]!.slice(0, 3)).toEqual(["ID", "Posisi", "Departemen"]);
    expect(rows[0]!.slice(-2)).toEqual(["Dibuat", "Diperbarui"]);
    const type = rows[0]!.indexOf("Jenis pekerjaan");
    expect(rows.slice(1).map((r) => r[type])).toContain("Penuh waktu");
  });

  it("keeps the list's search, and refuses a caller without the key", async () => {
    const made = await t.app.inject({
      method: "POST",
      url: "/api/careers",
      headers: bearer(tokens.manager, "JKT01"),
      payload: {
        title: '=HYPERLINK("http://x","click"), then "quotes"',
        department: "Line one\nline two",
        employment_type: "full_time",
        description: "<p>Teach <b>adults</b></p>",
      },
    });
    expect(made.statusCode, made.body).toBe(200);
    const res = await get("manager", "/api/careers/export.csv?q=hyperlink", "JKT01");
    const rows = parse(res.body.slice(1));
    expect(rows).toHaveLength(2);
    const [id, title, department] = rows[1]!;
    expect(Number(id)).toBe(made.json().data.id);
    // A formula stays text; commas, quotes and line breaks survive the quoting.
    expect(title).toBe('\'=HYPERLINK("http://x","click"), then "quotes"');
    expect(department).toBe("Line one\nline two");
    expect(rows[1]).toContain("Teach adults");
    expect((await get("editor", "/api/center-links/export.csv", "JKT01")).statusCode).toBe(403);
  });

  it("streams a list longer than one page, in the list's order", async () => {
    const many = EXPORT_PAGE * 2 + 137;
    await t.db.query(
      `INSERT INTO documents (resource, center_code, data, search_text, status, live_data, live_version, live_at)
       SELECT 'center-links', 'BDG01', jsonb_build_object('label', 'Bulk ' || lpad(i::text, 5, '0'), 'url', 'https://example.com/' || i, 'kind', 'website', 'position', 0),
              'Bulk ' || i, 'published', jsonb_build_object('label', 'Bulk ' || lpad(i::text, 5, '0'), 'url', 'https://example.com/' || i, 'kind', 'website', 'position', 0), 1, now()
       FROM generate_series(1, $1::int) AS i`,
      [many],
    );
    const res = await get("superadmin", "/api/center-links/export.csv?center_code=BDG01&q=bulk&sort=label");
    expect(res.statusCode).toBe(200);
    const rows = parse(res.body.slice(1)).slice(1);
    expect(rows).toHaveLength(many);
    const labels = rows.map((r) => r[1]);
    expect(labels[0]).toBe("Bulk 00001");
    expect(labels.at(-1)).toBe(`Bulk ${String(many).padStart(5, "0")}`);
    expect(new Set(rows.map((r) => r[0])).size).toBe(many);
  });

  it("shows what the website shows: the live values, the state as the console words it, a waiting change apart", async () => {
    const made = await t.app.inject({
      method: "POST",
      url: "/api/posts",
      headers: bearer(tokens.editor, "JKT01"),
      payload: { title: "Open day in March", slug: "open-day-march", type: "news", content: "<p>Come</p>" },
    });
    expect(made.statusCode, made.body).toBe(200);
    const doc = made.json().data as { id: number; version: number; review: { id: number } };
    const rowOf = async (language = "en") => {
      const res = await t.app.inject({
        url: "/api/posts/export.csv?q=open-day",
        headers: { ...bearer(tokens.manager, "JKT01"), "accept-language": language },
      });
      expect(res.statusCode, res.body).toBe(200);
      const [head, ...rows] = parse(res.body.slice(1));
      const line = rows.find((r) => Number(r[0]) === doc.id)!;
      return Object.fromEntries(head!.map((name, i) => [name, line[i]]));
    };
    // Never approved: the proposal is all there is, and it waits as a new record.
    expect(await rowOf()).toMatchObject({ Title: "Open day in March", State: "Pending approval", "Pending change": "New" });

    const approved = await t.app.inject({
      method: "POST",
      url: `/api/approvals/${doc.review.id}/approve`,
      headers: bearer(tokens.manager, "JKT01"),
      payload: {},
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await rowOf()).toMatchObject({ Title: "Open day in March", State: "Live", "Pending change": "" });

    const current = (await get("editor", `/api/posts/${doc.id}`, "JKT01")).json().data.docs[0];
    const edited = await t.app.inject({
      method: "PUT",
      url: `/api/posts/${doc.id}`,
      headers: bearer(tokens.editor, "JKT01"),
      payload: { title: "Open day in April", slug: "open-day-march", type: "news", content: "<p>Come</p>", version: current.version },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    // The website still shows March until a reviewer approves April.
    expect(await rowOf()).toMatchObject({ Title: "Open day in March", State: "Live · change pending", "Pending change": "Edit: Title" });
    expect(await rowOf("id")).toMatchObject({
      Judul: "Open day in March",
      "Status publikasi": "Tayang · perubahan menunggu",
      "Perubahan menunggu": "Edit: Judul",
    });
  });

  it("writes times in the record's center's zone with its offset", async () => {
    await t.db.query("UPDATE centers SET time_zone = 'Asia/Makassar' WHERE center_code = 'BDG01'");
    const [id] = (await t.db.query<{ id: string }>("SELECT id::text AS id FROM documents WHERE center_code = 'BDG01' AND deleted_at IS NULL LIMIT 1")).rows.map(
      (r) => r.id,
    );
    await t.db.query("UPDATE documents SET created_at = '2026-03-01T01:30:00Z' WHERE id = $1", [id]);
    const resource = (await t.db.query<{ resource: string }>("SELECT resource FROM documents WHERE id = $1", [id])).rows[0]!.resource;
    const res = await get("superadmin", `/api/${resource}/export.csv?center_code=BDG01&ids=${id}`);
    expect(res.statusCode, res.body).toBe(200);
    const [head, line] = parse(res.body.slice(1));
    // 01:30 UTC is 09:30 in Makassar (WITA, UTC+8).
    expect(line![head!.indexOf("Created")]).toBe("2026-03-01 09:30:00 +08:00");
    expect(line![head!.indexOf("Updated")]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} \+08:00$/);
    expect(res.headers["content-disposition"]).toMatch(new RegExp(`filename="${resource}_BDG01_selected_\\d{4}-\\d{2}-\\d{2}\\.csv"`));
  });

  it("names the file for its list, center, filters and day, and takes no paging", async () => {
    const res = await get("manager", "/api/careers/export.csv?q=Senior%20Teacher&employment_type=full_time", "JKT01");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-disposition"]).toMatch(/filename="careers_JKT01_search-senior-teacher_employment-type-full-time_\d{4}-\d{2}-\d{2}\.csv"$/);
    expect((await get("manager", "/api/careers/export.csv?page=2", "JKT01")).statusCode).toBe(400);
  });
});
