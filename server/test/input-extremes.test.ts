// Dates, instants and numbers at and past what PostgreSQL stores, sent to every date, date-time
// and number the API describes (query parameters and body fields), inside an otherwise valid
// request, so each reaches the handler and the database if the server lets it through. Nothing
// may answer 5xx; the rules themselves (server/lib/dates.ts) are tested case by case first.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isCalendarDate, isDateTime, toInstant } from "../lib/dates.js";
import { bearer, buildTestApp, DEMO, type TestApp } from "./helpers.js";

describe("the date and instant rules", () => {
  it.each([
    ["2024-05-01T10:00:00Z", "2024-05-01T10:00:00.000Z"],
    ["2024-05-01T10:00:00+07:00", "2024-05-01T03:00:00.000Z"],
    ["2024-05-01T10:00:00+0900", "2024-05-01T01:00:00.000Z"],
    ["2024-05-01T10:00:00.123456-03:30", "2024-05-01T13:30:00.123Z"],
    ["2024-05-01T10:00:00+15:59", "2024-04-30T18:01:00.000Z"],
    ["2024-05-01T10:00:00-15:59", "2024-05-02T01:59:00.000Z"],
    ["2024-05-01", "2024-05-01T00:00:00.000Z"],
    ["2024-05-01T10:00", "2024-05-01T10:00:00.000Z"],
    ["2024-02-29T00:00:00Z", "2024-02-29T00:00:00.000Z"],
    ["9999-12-31T23:59:59Z", "9999-12-31T23:59:59.000Z"],
    ["1000-01-01T00:00:00Z", "1000-01-01T00:00:00.000Z"],
  ])("reads %s as %s", (text, instant) => {
    expect(toInstant(text)).toBe(instant);
  });

  it.each([
    "2024-05-01T10:00:00+16:00",
    "2024-05-01T10:00:00-17:00",
    "2024-05-01T10:00:00+15:60",
    "2024-02-30T10:00:00Z",
    "2023-02-29",
    "2024-05-01T24:00:00Z",
    "2024-05-01T23:60:00Z",
    "2024-12-31T23:59:60Z",
    "0000-01-01T00:00:00Z",
    "0999-12-31T23:59:59Z",
    "10000-01-01T00:00:00Z",
    "+010000-01-01T00:00:00Z",
    // In UTC these fall outside 1000–9999.
    "9999-12-31T23:59:59-15:00",
    "1000-01-01T00:00:00+01:00",
    "May 1, 2024",
    "2024-05-01T10:00:00 Z",
    "",
  ])("refuses %s", (text) => {
    expect(toInstant(text)).toBeNull();
    expect(isDateTime(text)).toBe(false);
  });

  it("keeps JSON Schema's date-time to RFC 3339: seconds and an offset written", () => {
    expect(isDateTime("2024-05-01T10:00:00Z")).toBe(true);
    expect(isDateTime("2024-05-01T10:00:00.5+07:00")).toBe(true);
    expect(isDateTime("2024-05-01T10:00Z")).toBe(false);
    expect(isDateTime("2024-05-01T10:00:00")).toBe(false);
    expect(isDateTime("2024-05-01")).toBe(false);
  });

  it("keeps dates to real days in years 1000–9999", () => {
    expect(isCalendarDate("2024-02-29")).toBe(true);
    expect(isCalendarDate("9999-12-31")).toBe(true);
    for (const text of ["0000-01-01", "0999-12-31", "10000-01-01", "2024-13-01", "2024-04-31", "2024-5-1"]) expect(isCalendarDate(text), text).toBe(false);
  });
});

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

describe("the two instants that used to reach PostgreSQL", () => {
  it("answers an activity filter with an offset beyond ±15:59 with 400 naming it", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/activity?from=2024-01-01T00:00:00%2B17:00", headers: bearer(tokens.superadmin) });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toHaveProperty("from");
  });

  it("answers a snooze until an offset beyond ±15:59 with 400 naming it", async () => {
    const { rows } = await t.db.query<{ id: number }>("SELECT c.id FROM chat_conversations c WHERE c.center_code = 'JKT01' ORDER BY c.id LIMIT 1");
    const res = await t.app.inject({
      method: "POST",
      url: `/api/chats/conversations/${rows[0]!.id}/status`,
      headers: bearer(tokens.manager, "JKT01"),
      payload: { status: "snoozed", snoozed_until: "2099-01-01T09:00:00+17:00" },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toHaveProperty("snoozed_until");
  });
});

// ---- Every described date, date-time and number, at its extremes. ----

interface Schema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  minLength?: number;
  minimum?: number;
  pattern?: string;
}
interface Operation {
  method: string;
  path: string;
  query: Record<string, Schema>;
  body?: Schema;
}

const EXTREMES: Record<"date-time" | "date" | "number", unknown[]> = {
  "date-time": [
    "2024-01-01T00:00:00+17:00",
    "2024-01-01T00:00:00-16:00",
    "9999-12-31T23:59:59-15:00",
    "10000-01-01T00:00:00Z",
    "0000-01-01T00:00:00Z",
    "2024-01-01T24:00:00Z",
    "2016-12-31T23:59:60Z",
  ],
  date: ["0000-01-01", "10000-01-01", "9999-12-31", "1000-01-01", "2024-02-30"],
  number: [1e308, -1e308, 2 ** 63, -(2 ** 63), 2 ** 31, -2_147_483_649, 0.5, -0, 5e-324],
};
/** The same numbers as a query string writes them, and a few only a query string can. */
const QUERY_NUMBERS = ["1e308", "-1e308", "9223372036854775808", "-9223372036854775809", "2147483648", "0.5", "1e999", "NaN", "-0"];

const kindOf = (s: Schema): keyof typeof EXTREMES | null => {
  const inner = s.anyOf?.find((x) => x.type !== "null") ?? s;
  if (inner.format === "date-time" || inner.format === "date") return inner.format;
  const type = Array.isArray(inner.type) ? inner.type.find((x) => x !== "null") : inner.type;
  return type === "number" || type === "integer" ? "number" : null;
};

/** A value the schema accepts (the `variant`-th of an enum), so one bad field is the only fault. */
function sample(s: Schema, variant: number): unknown {
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[variant % s.enum.length];
  const options = s.anyOf ?? s.oneOf;
  if (options) return sample(options.find((x) => x.type !== "null") ?? options[0]!, variant);
  const type = Array.isArray(s.type) ? s.type.find((x) => x !== "null") : s.type;
  if (s.format === "date-time") return "2099-01-01T09:00:00+07:00";
  if (s.format === "date") return "2099-01-01";
  if (s.format === "email") return "extreme@example.com";
  if (s.format === "uri") return "https://example.com/x";
  switch (type) {
    case "integer":
    case "number":
      return Math.max(1, s.minimum ?? 1);
    case "boolean":
      return true;
    case "array":
      return [];
    case "object": {
      const out: Record<string, unknown> = {};
      for (const name of s.required ?? []) out[name] = sample(s.properties?.[name] ?? {}, variant);
      return out;
    }
    default:
      return `Extreme ${variant}`.padEnd(Math.max(s.minLength ?? 0, 9), "x");
  }
}

async function describedOperations(): Promise<Operation[]> {
  const spec = (await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json() as {
    paths: Record<
      string,
      Record<string, { parameters?: { name: string; in: string; schema?: Schema }[]; requestBody?: { content?: Record<string, { schema?: Schema }> } }>
    >;
  };
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(spec.paths)) {
    // Success there ends the session the test signs in with.
    if (path === "/api/auth/logout" || path.endsWith("/logout-everywhere")) continue;
    for (const [method, op] of Object.entries(methods)) {
      const query = Object.fromEntries((op.parameters ?? []).filter((p) => p.in === "query").map((p) => [p.name, p.schema ?? {}]));
      ops.push({ method: method.toUpperCase(), path, query, body: op.requestBody?.content?.["application/json"]?.schema });
    }
  }
  return ops;
}

describe("extremes everywhere", () => {
  it("answers every extreme date, instant and number with something other than 5xx", async () => {
    const ops = await describedOperations();
    const failures: string[] = [];
    let sent = 0;
    let refused = 0;
    for (const op of ops) {
      // Real ids: the demo data's first rows, so a handler goes past its lookup.
      const url = op.path.replace(/\{[^}]+\}/g, "1");
      const requests: { query?: string; payload?: unknown; at: string }[] = [];
      for (const [name, schema] of Object.entries(op.query)) {
        const kind = kindOf(schema);
        if (!kind) continue;
        const values = kind === "number" ? QUERY_NUMBERS : (EXTREMES[kind] as string[]);
        for (const value of values) requests.push({ query: `${name}=${encodeURIComponent(value)}`, at: name });
      }
      const body = op.body;
      if (body?.properties) {
        const enums = Math.max(1, ...Object.values(body.properties).map((p) => p.enum?.length ?? 1));
        for (const [name, schema] of Object.entries(body.properties)) {
          const kind = kindOf(schema);
          if (!kind) continue;
          for (const value of EXTREMES[kind]) {
            for (let variant = 0; variant < enums; variant++) requests.push({ payload: { ...(sample(body, variant) as object), [name]: value }, at: name });
          }
        }
      }
      for (const r of requests) {
        for (const token of [bearer(tokens.manager, "JKT01"), bearer(tokens.superadmin)]) {
          const res = await t.app.inject({
            method: op.method as "GET",
            url: r.query ? `${url}?${r.query}` : url,
            headers: { ...token, "content-type": "application/json" },
            ...(r.payload !== undefined && { payload: JSON.stringify(r.payload) }),
          });
          sent += 1;
          if (res.statusCode === 400) refused += 1;
          if (res.statusCode >= 500)
            failures.push(
              `${op.method} ${url}${r.query ? `?${r.query}` : ""} ${JSON.stringify(r.payload)?.slice(0, 100)} → ${res.statusCode} ${res.body.slice(0, 120)}`,
            );
        }
      }
    }
    expect([...new Set(failures)].slice(0, 40)).toEqual([]);
    expect(sent).toBeGreaterThan(200);
    expect(refused).toBeGreaterThan(sent / 4);
    console.log(`extremes: ${sent} requests, ${refused} answered 400, none 5xx`);
  }, 300_000);
});
