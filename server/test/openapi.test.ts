// The API's self-description: /api/openapi.json generated from the route schemas, and /api/docs.
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defineResource, type ResourceDefinition } from "../../resources/types.js";
import { loadDefinitions } from "../resources/load.js";
import { publicFields } from "../routes/public.js";
import { buildTestApp, createTestDb, type TestApp, type TestDb } from "./helpers.js";

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
  parameters?: { in: string; name: string }[];
  responses: Record<string, { content?: { "application/json": { schema: any } } }>;
};
let spec: { openapi: string; paths: Record<string, Record<string, Operation>> };

beforeAll(async () => {
  testDb = await createTestDb({ seed: false });
  definitions = [...(await loadDefinitions()), notices];
  t = await buildTestApp({ db: testDb.db, resources: definitions });
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
