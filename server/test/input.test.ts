// Bad input gets a 400 (or 404/413) and changes nothing: the named cases first, then a fuzz of
// every route the API describes with generated bad values.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, buildTestApp, DEMO, type TestApp } from "./helpers.js";

let t: TestApp;
const tokens = { superadmin: "", manager: "" };

beforeAll(async () => {
  t = await buildTestApp();
  tokens.superadmin = await t.login(DEMO.superadmin.username, DEMO.superadmin.password);
  tokens.manager = await t.login(DEMO.manager.username, DEMO.manager.password);
});
afterAll(async () => {
  await t?.close();
});

const NUL = "a\u0000b";
const SURROGATE = "a\ud800b";
const post = { title: "Fine", slug: "fine-input", type: "news", content: "<p>x</p>" };
/** Percent-encodes like encodeURIComponent, but writes a lone surrogate as the bytes a broken client sends. */
const enc = (value: string) =>
  value
    .split(/([\ud800-\udfff])/)
    .map((part) =>
      /^[\ud800-\udfff]$/.test(part)
        ? `%ED%${(0xa0 + ((part.charCodeAt(0) - 0xd800) >> 6)).toString(16).toUpperCase()}%${(0x80 + (part.charCodeAt(0) & 0x3f)).toString(16).toUpperCase()}`
        : encodeURIComponent(part),
    )
    .join("");
const asManager = (extra: Record<string, string> = {}) => ({ ...bearer(tokens.manager, "JKT01"), ...extra });

/** Everything the API stores, as one fingerprint: equal before and after means nothing changed. */
async function fingerprint(): Promise<string> {
  const tables = [
    "documents",
    "document_versions",
    "change_requests",
    "users",
    "roles",
    "role_permissions",
    "assignments",
    "centers",
    "push_tokens",
    "audit_log",
  ];
  const parts: string[] = [];
  for (const table of tables) {
    const { rows } = await t.db.query<{ h: string | null }>(`SELECT md5(string_agg(x::text, ',' ORDER BY x::text)) AS h FROM ${table} x`);
    parts.push(`${table}:${rows[0]!.h}`);
  }
  return parts.join(" ");
}

describe("text PostgreSQL cannot store", () => {
  it.each([
    ["the login username", () => t.app.inject({ method: "POST", url: "/api/auth/login", payload: { username: NUL, password: "x" } }), "username"],
    ["a post title", () => t.app.inject({ method: "POST", url: "/api/posts", headers: asManager(), payload: { ...post, title: SURROGATE } }), "title"],
    ["a query filter", () => t.app.inject({ method: "GET", url: `/api/posts?type=${encodeURIComponent(NUL)}`, headers: asManager() }), "type"],
    ["the center code", () => t.app.inject({ method: "GET", url: "/api/posts", headers: asManager({ "x-center-code": NUL }) }), "x-center-code"],
    [
      "a user's name",
      () =>
        t.app.inject({
          method: "POST",
          url: "/api/users",
          headers: bearer(tokens.superadmin),
          payload: { username: "u", fullname: NUL, password: "Secret#12345", user_type: "superadmin" },
        }),
      "fullname",
    ],
    [
      "a role's name",
      () => t.app.inject({ method: "POST", url: "/api/roles", headers: bearer(tokens.superadmin), payload: { name: SURROGATE, permissions: [] } }),
      "name",
    ],
  ])("in %s answers 400 naming the field", async (_, send, field) => {
    const before = await fingerprint();
    const res = await send();
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toHaveProperty(field);
    expect(await fingerprint()).toBe(before);
  });
});

it("reads a search holding a broken character as text, never as a 500", async () => {
  // The query string decoder turns the bytes of a lone surrogate into a replacement character.
  const res = await t.app.inject({ method: "GET", url: `/api/posts?q=${enc(SURROGATE)}`, headers: asManager() });
  expect(res.statusCode).toBe(200);
});

describe("types and dates", () => {
  it("does not convert a body's wrong type: title 123 and tags 'x' are refused", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/posts", headers: asManager(), payload: { ...post, title: 123, tags: "x" } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({ title: "must be a string", tags: "must be an array" });
  });

  it("still reads numbers from a query string", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/posts?page=2&limit=3", headers: asManager() })).json().data).toMatchObject({ page: 2, limit: 3 });
  });

  it("refuses dates that are not on the calendar, in bodies and filters", async () => {
    const career = { title: "Teacher", employment_type: "full_time", description: "<p>x</p>" };
    const stored = await t.app.inject({ method: "POST", url: "/api/careers", headers: asManager(), payload: { ...career, closing_date: "2024-02-30" } });
    expect(stored.statusCode).toBe(400);
    expect(stored.json().errors).toHaveProperty("closing_date");
    const event = await t.app.inject({ method: "POST", url: "/api/posts", headers: asManager(), payload: { ...post, starts_at: "2024-02-30T10:00:00Z" } });
    expect(event.statusCode).toBe(400);
    expect(event.json().errors).toHaveProperty("starts_at");
    for (const filter of ["closing_date__gte=2024-99-99", "closing_date__lte=2023-02-29"]) {
      const res = await t.app.inject({ method: "GET", url: `/api/careers?${filter}`, headers: asManager() });
      expect(res.statusCode, filter).toBe(400);
    }
    expect((await t.app.inject({ method: "GET", url: "/api/careers?closing_date__gte=2024-02-29", headers: asManager() })).statusCode).toBe(200);
  });

  it("answers a malformed multipart upload with 400", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/uploads",
      headers: asManager({ "content-type": "multipart/form-data; boundary=xyz" }),
      payload: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nnot finished',
    });
    expect(res.statusCode).toBeLessThan(500);
  });
});

// ---- The fuzz: every route in the API's own description, with generated bad input. ----

const BAD_VALUES: unknown[] = [
  NUL,
  SURROGATE,
  "x".repeat(20_000),
  "",
  -1,
  1e308,
  2 ** 53 + 1,
  -2_147_483_649,
  true,
  null,
  [],
  [NUL],
  {},
  { __proto__: { polluted: true } },
];
/** Bad only where a date is expected (elsewhere they are fine text), so only sent as query values. */
const BAD_DATES = ["2024-02-30", "2024-99-99T99:99:99Z"];
const BAD_PARAMS = ["0", "99999999999999999999", "%00", "%ED%A0%80"];

function nested(depth: number): unknown {
  let value: unknown = "deep";
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

interface Operation {
  method: string;
  path: string;
  bodyFields: string[];
  queryFields: string[];
}

async function operations(): Promise<Operation[]> {
  const spec = (await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json() as {
    paths: Record<
      string,
      Record<string, { parameters?: { name: string; in: string }[]; requestBody?: { content?: Record<string, { schema?: { properties?: object } }> } }>
    >;
  };
  const ops: Operation[] = [];
  // Calls that take no input to get wrong, and whose success is a write (ending the session the
  // fuzz signs in with).
  const noInput = new Set(["/api/auth/logout"]);
  for (const [path, methods] of Object.entries(spec.paths)) {
    if (noInput.has(path)) continue;
    for (const [method, op] of Object.entries(methods)) {
      const schema = op.requestBody?.content?.["application/json"]?.schema;
      ops.push({
        method: method.toUpperCase(),
        path,
        bodyFields: Object.keys(schema?.properties ?? {}),
        queryFields: (op.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name),
      });
    }
  }
  return ops;
}

describe("fuzz", () => {
  it("sends every route bad input: no 5xx and no row changed", async () => {
    const ops = await operations();
    expect(ops.length).toBeGreaterThan(40);
    // The routes open before any session (a sign-in's second step) are fuzzed like the others.
    expect(ops.map((op) => op.path)).toEqual(
      expect.arrayContaining([
        "/api/auth/login/second-factor",
        "/api/auth/login/passkey",
        "/api/auth/login/enrol/confirm",
        "/api/auth/two-factor/totp/confirm",
      ]),
    );
    const before = await fingerprint();
    let sent = 0;
    const failures: string[] = [];
    for (const op of ops) {
      for (const param of BAD_PARAMS) {
        const url = op.path.replace(/\{[^}]+\}/g, param);
        const requests: { payload?: unknown; query?: string }[] = [];
        if (op.method !== "GET" && op.method !== "DELETE") {
          requests.push({ payload: "not json" }, { payload: [] }, { payload: nested(300) }, { payload: JSON.parse('{"__proto__": {"admin": true}}') });
          for (const field of op.bodyFields) for (const value of BAD_VALUES) requests.push({ payload: { [field]: value } });
        }
        for (const field of op.queryFields)
          for (const value of [...BAD_VALUES, ...BAD_DATES]) if (typeof value !== "object") requests.push({ query: `${field}=${enc(String(value))}` });
        if (requests.length === 0) requests.push({});
        for (const r of requests) {
          // Both kinds of caller on the first round; the manager alone on the others keeps it quick.
          for (const who of param === BAD_PARAMS[0] ? (["manager", "superadmin"] as const) : (["manager"] as const)) {
            const res = await t.app.inject({
              method: op.method as "GET",
              url: r.query ? `${url}?${r.query}` : url,
              headers:
                who === "manager" ? asManager({ "content-type": "application/json" }) : { ...bearer(tokens.superadmin), "content-type": "application/json" },
              ...(r.payload !== undefined && { payload: typeof r.payload === "string" ? r.payload : JSON.stringify(r.payload) }),
            });
            sent += 1;
            if (res.statusCode >= 500 || (op.method !== "GET" && res.statusCode < 300))
              failures.push(
                `${op.method} ${url}${r.query ? `?${r.query}` : ""} ${JSON.stringify(r.payload)?.slice(0, 80)} → ${res.statusCode} ${res.body.slice(0, 120)}`,
              );
          }
        }
        // A path without parameters needs one round only.
        if (!op.path.includes("{")) break;
      }
    }
    expect(failures.slice(0, 10)).toEqual([]);
    const after = await fingerprint();
    expect(after.split(" ").filter((part) => !before.includes(part))).toEqual([]);
    expect(sent).toBeGreaterThan(1_000);
    console.log(`fuzz: ${sent} bad requests over ${ops.length} operations, none answered 5xx, nothing changed`);
  }, 300_000);
});
