// The API's self-description: /api/openapi.json generated from the route schemas, and /api/docs.
import Ajv from "ajv";
import addFormats from "ajv-formats";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGE_KEYWORD } from "../../resources/compile.js";
import { defineResource, type ResourceDefinition } from "../../resources/types.js";
import { loadDefinitions } from "../definitions/load.js";
import { publicFields } from "../routes/public.js";
import { bearer, buildTestApp, createTestDb, DEMO, type TestApp, type TestDb } from "./helpers.js";

/** Test-only: a public type with a field the website must never see. */
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
    { name: "title", label: "Title", type: "text", required: true },
    { name: "internal_note", label: "Internal note", type: "textarea", staffOnly: true },
  ],
  routes: { list: "/app/notices" },
});

let testDb: TestDb;
let t: TestApp;
let definitions: ResourceDefinition[];
type Operation = {
  tags?: string[];
  summary?: string;
  security?: unknown[];
  parameters?: { in: string; name: string; required?: boolean; schema: any }[];
  requestBody?: { required?: boolean; content: Record<string, { schema: any }> };
  responses: Record<string, { description?: string; content?: Record<string, { schema: any }> }>;
};
let spec: { openapi: string; paths: Record<string, Record<string, Operation>> };

/** What a route validates and answered, as Fastify saw it (`request.routeOptions`) during this file's requests. */
interface SeenRoute {
  schema: Record<string, any> | undefined;
  config: Record<string, any> | undefined;
  statuses: Set<number>;
}
const seen = new Map<string, SeenRoute>();

beforeAll(async () => {
  testDb = await createTestDb();
  definitions = [...(await loadDefinitions()), notices];
  t = await buildTestApp({ db: testDb.db, resources: definitions });
  t.app.addHook("onResponse", async (request, reply) => {
    const { method, url, schema, config } = request.routeOptions;
    if (!url) return;
    const key = `${method} ${url}`;
    const route = seen.get(key) ?? { schema, config: config as Record<string, any>, statuses: new Set<number>() };
    route.statuses.add(reply.statusCode);
    seen.set(key, route);
  });
  const res = await t.app.inject({ method: "GET", url: "/api/openapi.json" });
  expect(res.statusCode).toBe(200);
  spec = res.json();
});
afterAll(async () => {
  await t?.close();
  await testDb?.close();
});

/** Every registered path with its methods, read back from Fastify's route tree. */
function registeredRoutes(app: FastifyInstance): { path: string; methods: string[] }[] {
  const routes: { path: string; methods: string[] }[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split("\n")) {
    const match = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    const path = (stack[depth - 1] ?? "") + match[2]!;
    stack.push(path);
    if (match[3]) routes.push({ path, methods: match[3].split(", ") });
  }
  return routes;
}

const toOpenApiPath = (path: string) => path.replace(/:([A-Za-z_]+)/g, "{$1}");

describe("/api/openapi.json", () => {
  it("is an OpenAPI 3 document", () => {
    expect(spec.openapi).toMatch(/^3\./);
  });

  it("describes every public route registered, with tags, a summary and schemas", () => {
    // The read API of content types (the chat widget's routes under /api/public/chat are its own).
    const publicRoutes = registeredRoutes(t.app).filter((r) => r.path.startsWith("/api/public/") && !r.path.startsWith("/api/public/chat"));
    // Two per public definition: the list and one record.
    expect(publicRoutes.length).toBe(2 * definitions.filter((d) => d.public).length);
    for (const route of publicRoutes) {
      expect(route.methods).toContain("GET");
      const operation = spec.paths[toOpenApiPath(route.path)]?.get;
      expect(operation, route.path).toBeDefined();
      expect(operation!.tags).toEqual(["Public"]);
      expect(operation!.summary).toBeTruthy();
      expect(operation!.security).toBeUndefined();
      const ok = operation!.responses["200"]!.content!["application/json"].schema;
      expect(ok.properties.data, route.path).toBeDefined();
      for (const status of ["304", "400", "404", "429"]) expect(operation!.responses[status], `${route.path} ${status}`).toBeDefined();
    }
  });

  it("gives each public type's fields, params and query", () => {
    for (const def of definitions.filter((d) => d.public)) {
      const list = spec.paths[`/api/public/${def.name}`]!.get!;
      const query = list.parameters!.filter((p) => p.in === "query").map((p) => p.name);
      expect(query).toEqual([...(def.scope === "center" ? ["center_code"] : []), "page", "limit"]);
      const doc = list.responses["200"]!.content!["application/json"].schema.properties.data.properties.docs.items;
      expect(Object.keys(doc.properties)).toEqual(["id", ...publicFields(def).map((f) => f.name), "center_code", "center_web_name", "published_at"]);
      const one = spec.paths[`/api/public/${def.name}/{id}`]!.get!;
      expect(one.parameters!.filter((p) => p.in === "path").map((p) => p.name)).toEqual(["id"]);
      expect(Object.keys(one.responses["200"]!.content!["application/json"].schema.properties.data.properties)).toEqual(Object.keys(doc.properties));
    }
    const notice = spec.paths["/api/public/notices"]!.get!.responses["200"]!.content!["application/json"].schema.properties.data.properties.docs.items;
    expect(notice.properties.internal_note).toBeUndefined();
  });

  it("marks the routes that need a sign-in", () => {
    expect(spec.paths["/api/posts"]!.get!.security).toEqual([{ bearer: [], center: [] }]);
    expect(spec.paths["/api/auth/login"]!.post!.security).toBeUndefined();
  });
});

// ---- The document against the server: the route table, the schemas routes validate with, and the
// statuses they answer. Whatever a route changes, the document follows or these fail. ----

/** Registered on purpose without a description: the document itself, the reference page and the chat widget's files. */
const UNDOCUMENTED = [/^\/api\/openapi\.json$/, /^\/api\/docs/, /^\/widget/];
const BODY_METHODS = ["POST", "PUT", "PATCH", "DELETE"];

const toFastifyPath = (path: string) => path.replace(/\{([A-Za-z_]+)\}/g, ":$1");
/** Fastify's route table as "METHOD /path" (HEAD answers beside every GET, so it is left out). */
function registeredOperations(): string[] {
  return registeredRoutes(t.app)
    .filter((r) => !UNDOCUMENTED.some((pattern) => pattern.test(r.path)))
    .flatMap((r) => r.methods.filter((m) => m !== "HEAD").map((m) => `${m} ${r.path}`));
}
function documentedOperations(): { key: string; method: string; path: string; op: Operation }[] {
  return Object.entries(spec.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ key: `${method.toUpperCase()} ${toFastifyPath(path)}`, method: method.toUpperCase(), path, op })),
  );
}
/** A JSON Schema as the wire has it (TypeBox's symbols dropped), without its prose; `const` as the document writes it. */
function plain(schema: unknown): any {
  return JSON.parse(JSON.stringify(schema ?? null), (key, value) => {
    if (key === "description") return undefined;
    if (value && typeof value === "object" && "const" in value) {
      const { const: only, ...rest } = value;
      return { ...rest, enum: [only] };
    }
    return value;
  });
}

/** Sends each documented operation a few requests that fail early, so that `seen` learns every route's schema. */
async function probe(): Promise<void> {
  const token = await t.login(DEMO.superadmin.username, DEMO.superadmin.password);
  for (const { method, path } of documentedOperations()) {
    const url = path.replace(/\{[^}]+\}/g, "0");
    const send = (extra: { headers?: Record<string, string>; payload?: string; url?: string }) =>
      t.app.inject({ method: method as "GET", url: extra.url ?? url, headers: extra.headers, ...(extra.payload !== undefined && { payload: extra.payload }) });
    // Nobody signed in; then a center the caller does not have (403 where a sign-in is needed).
    await send({});
    if (method === "GET") {
      await send({ headers: bearer(token, "NO-SUCH-CENTER") });
      await send({ headers: bearer(token), url: `${url}?unknown_parameter=1` });
    } else {
      await send({ headers: { "content-type": "application/xml" }, payload: "<a/>" });
      await send({ headers: { "content-type": "application/json" }, payload: "{not json" });
    }
  }
}

describe("the document against the server", () => {
  beforeAll(probe, 60_000);

  it("describes every route registered (but the deliberate exclusions), and no route that is not", () => {
    const documented = documentedOperations()
      .map((o) => o.key)
      .sort();
    expect(documented).toEqual([...new Set(registeredOperations())].sort());
    expect(documented.filter((key) => key.includes(" /api/")).length).toBeGreaterThan(100);
  });

  it("gives each route's parameters and body exactly as the route validates them", () => {
    for (const { key, op } of documentedOperations()) {
      const route = seen.get(key);
      expect(route, `${key} was never reached`).toBeDefined();
      const schema = route!.schema ?? {};
      for (const [part, where] of [
        ["querystring", "query"],
        ["params", "path"],
        ["headers", "header"],
      ] as const) {
        const own = plain(schema[part]);
        const documented = (op.parameters ?? []).filter((p) => p.in === where);
        if (!own) {
          // Only a path's own parameters may be documented without a schema.
          expect(
            documented.every((p) => where === "path" && p.schema.type === "string"),
            `${key} ${where}`,
          ).toBe(true);
          continue;
        }
        expect(
          documented.map((p) => p.name),
          `${key} ${where} names`,
        ).toEqual(Object.keys(own.properties ?? {}));
        for (const param of documented) {
          const property = own.properties[param.name];
          expect(plain(param.schema), `${key} ${where} ${param.name}`).toEqual(property);
          // Required when the schema requires it and has no default for the validator to fill in.
          const required = where === "path" || ((own.required ?? []).includes(param.name) && !("default" in property));
          expect(Boolean(param.required), `${key} ${where} ${param.name} required`).toBe(required);
        }
      }
      const body = schema.body;
      if (!body) {
        expect(op.requestBody, `${key} documents a body it does not validate`).toBeUndefined();
        continue;
      }
      const contents = body.content
        ? Object.fromEntries(Object.entries(body.content).map(([type, media]: [string, any]) => [type, media.schema]))
        : { "application/json": body };
      expect(op.requestBody?.required, key).toBe(true);
      expect(Object.keys(op.requestBody!.content), `${key} body types`).toEqual(Object.keys(contents));
      for (const [type, own] of Object.entries(contents)) expect(plain(op.requestBody!.content[type]!.schema), `${key} ${type}`).toEqual(plain(own));
    }
  });

  it("lists every status a route can answer", () => {
    for (const { key, method, path, op } of documentedOperations()) {
      const route = seen.get(key)!;
      const listed = Object.keys(op.responses);
      const expected = ["200", "400", "503"];
      // The sign-in (a token, then the center header) is checked before anything else.
      if (op.security) expected.push("401", "403");
      if (path.includes("{")) expected.push("404");
      // Any body is read (413 past the limit, 415 for a type no parser reads) and writes may meet a busy database.
      if (BODY_METHODS.includes(method)) expected.push("406", "413", "415");
      if (route.config?.rateLimit) expected.push("429");
      for (const status of expected) expect(listed, `${key} lists ${status}`).toContain(status);
      // And whatever it answered in this file.
      for (const status of route.statuses) expect(listed, `${key} answered ${status}`).toContain(String(status));
      expect(
        listed.filter((s) => /x/i.test(s)),
        key,
      ).toEqual([]);
      for (const status of listed.filter((s) => s >= "300")) expect(op.responses[status]!.description, `${key} ${status}`).not.toBe("Default Response");
    }
  });

  it("refuses an empty string wherever a string is required", () => {
    const ajv = new Ajv({ strict: false, keywords: [MESSAGE_KEYWORD] });
    addFormats(ajv);
    const required = (schema: any): [string, any][] =>
      schema?.type === "object" ? (schema.required ?? []).map((name: string) => [name, schema.properties?.[name]] as [string, any]) : [];
    const allowsEmpty: string[] = [];
    for (const { key, op } of documentedOperations()) {
      const parts = [
        ...(op.parameters ?? []).filter((p) => p.required && p.in !== "path").map((p) => [p.name, p.schema] as [string, any]),
        ...Object.values(op.requestBody?.content ?? {}).flatMap((media) => required(media.schema)),
      ];
      for (const [name, schema] of parts) {
        // A file part is bytes, not a string a validator sees.
        if (!schema || (schema.type !== "string" && !schema.anyOf) || schema.format === "binary") continue;
        if (ajv.validate(schema, "")) allowsEmpty.push(`${key} ${name}`);
      }
    }
    expect(allowsEmpty).toEqual([]);
  });

  it("documents uploads, exports and date filters as the server takes and answers them", () => {
    const upload = spec.paths["/api/uploads"]!.post!;
    expect(upload.requestBody!.content["multipart/form-data"]!.schema).toMatchObject({
      required: ["file"],
      properties: { file: { type: "string", format: "binary" } },
    });
    expect(Object.keys(spec.paths["/uploads/{name}"]!.get!.responses["200"]!.content!)).toEqual(["image/png", "image/jpeg", "image/gif", "image/webp"]);
    for (const def of definitions) {
      const csv = spec.paths[`/api/${def.name}/export.csv`]!.get!.responses;
      expect(Object.keys(csv["200"]!.content!), def.name).toEqual(["text/csv"]);
      expect(Object.keys(csv["400"]!.content!), def.name).toEqual(["application/json"]);
    }
    const careers = spec.paths["/api/careers"]!.get!.parameters!;
    expect(careers.find((p) => p.name === "closing_date__gte")!.schema).toEqual({ type: "string", format: "date" });
    const posts = spec.paths["/api/posts"]!.get!.parameters!;
    expect(posts.find((p) => p.name === "starts_at__lte")!.schema.anyOf).toEqual([{ format: "date-time" }, { format: "date" }]);
    const activity = spec.paths["/api/activity"]!.get!.parameters!;
    expect(activity.find((p) => p.name === "from")!.schema.format).toBe("date-time");
    expect(activity.filter((p) => p.required)).toEqual([]);
  });

  it("answers as documented: the upload's file, a date filter, an optional limit", async () => {
    const token = await t.login(DEMO.manager.username, DEMO.manager.password);
    const headers = bearer(token, "JKT01");
    const noFile = await t.app.inject({
      method: "POST",
      url: "/api/uploads",
      headers: { ...headers, "content-type": "multipart/form-data; boundary=x" },
      payload: "--x--\r\n",
    });
    expect(noFile.statusCode).toBe(400);
    const png = Buffer.from(
      "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cf00000301010000185dd3400000000049454e44ae426082",
      "hex",
    );
    const form = Buffer.concat([
      Buffer.from('--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n'),
      png,
      Buffer.from("\r\n--x--\r\n"),
    ]);
    const uploaded = await t.app.inject({
      method: "POST",
      url: "/api/uploads",
      headers: { ...headers, "content-type": "multipart/form-data; boundary=x" },
      payload: form,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const served = await t.app.inject({ method: "GET", url: uploaded.json().data.url });
    expect(served.headers["content-type"]).toBe("image/png");
    expect((await t.app.inject({ method: "GET", url: "/api/careers?closing_date__gte=2024-02-30", headers })).json().errors).toEqual({
      closing_date__gte: "must be a date (YYYY-MM-DD)",
    });
    expect((await t.app.inject({ method: "GET", url: "/api/careers/export.csv?closing_date__lte=2024-02-29", headers })).headers["content-type"]).toMatch(
      /^text\/csv/,
    );
    const superadmin = await t.login(DEMO.superadmin.username, DEMO.superadmin.password);
    expect((await t.app.inject({ method: "GET", url: "/api/activity", headers: bearer(superadmin) })).json().data).toMatchObject({ page: 1, limit: 25 });
  });
});

describe("/api/docs", () => {
  it("answers the reference page as HTML, under the console's own security policy", async () => {
    const page = await t.app.inject({ method: "GET", url: "/api/docs" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.body).toContain('<div id="swagger-ui">');
    const console = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(page.headers["content-security-policy"]).toBe(console.headers["content-security-policy"]);
    const script = await t.app.inject({ method: "GET", url: "/api/docs/static/swagger-initializer.js" });
    expect(script.statusCode).toBe(200);
    const bundle = await t.app.inject({ method: "HEAD", url: "/api/docs/static/swagger-ui-bundle.js" });
    expect(bundle.statusCode).toBe(200);
  });

  it("loads the same document", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(res.json().paths).toEqual(spec.paths);
  });
});
