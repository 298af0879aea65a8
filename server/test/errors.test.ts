import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.js";
import type { Db } from "../db/client.js";
import { HttpError, toErrorBody } from "../plugins/errors.js";
import { TEST_JWT_SECRET } from "./helpers.js";

/** The error paths do not need real data: a database that fails every query, like a lost server. */
const brokenDb: Db = {
  kind: "pg",
  query: async () => {
    throw Object.assign(new Error("connect ECONNREFUSED 10.0.0.5:5432 (password=hunter2)"), { code: "ECONNREFUSED" });
  },
  exec: async () => {},
  transaction: async () => {
    throw new Error("no transactions");
  },
  close: async () => {},
};

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildApp({ db: brokenDb, jwtSecret: TEST_JWT_SECRET });
  // Test-only routes, added here and not in the app, to raise errors the real routes cannot. They
  // sit outside /api, where every route needs a signed-in caller.
  app.get("/test/pg-error/:code", async (request) => {
    throw Object.assign(new Error("could not serialize access"), { code: (request.params as { code: string }).code });
  });
  app.get("/test/bug", async () => {
    throw new TypeError("Cannot read properties of undefined (reading 'secretField')");
  });
  app.get("/api/test/new-route", async () => "anyone?");
  app.get("/_firebase/test/new-route", async () => "anyone?");
});
afterAll(async () => {
  await app?.close();
});

describe("toErrorBody", () => {
  it.each(["40001", "40P01", "55P03"])("asks the console to retry on PostgreSQL %s", (code) => {
    expect(toErrorBody(Object.assign(new Error("busy"), { code }))).toEqual({
      statusCode: 406,
      message: "Please retry: the database was busy",
    });
  });

  it("maps a unique violation to 409", () => {
    expect(toErrorBody(Object.assign(new Error("duplicate key value violates unique constraint"), { code: "23505" }))).toEqual({
      statusCode: 409,
      message: "Already exists",
    });
  });

  it("keeps an HttpError's status, message and field errors", () => {
    expect(toErrorBody(new HttpError(400, "Validation failed", { name: "is taken" }))).toEqual({
      statusCode: 400,
      message: "Validation failed",
      errors: { name: "is taken" },
    });
  });

  it("hides anything else behind a 500", () => {
    expect(toErrorBody(new Error("relation users does not exist"))).toEqual({ statusCode: 500, message: "Internal server error" });
    expect(toErrorBody("a string")).toEqual({ statusCode: 500, message: "Internal server error" });
  });
});

describe("error answers", () => {
  it("answers a retryable database error with 406", async () => {
    const res = await app.inject({ method: "GET", url: "/test/pg-error/40001" });
    expect(res.statusCode).toBe(406);
    expect(res.json()).toEqual({ statusCode: 406, message: "Please retry: the database was busy" });
  });

  it("never shows internals of an unexpected error", async () => {
    const res = await app.inject({ method: "GET", url: "/test/bug" });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ statusCode: 500, message: "Internal server error" });
    expect(res.body).not.toMatch(/secretField|TypeError|at .*\.ts/);
  });

  it("never shows internals when the database is gone", async () => {
    const res = await app.inject({ method: "POST", url: "/api/auth/login", payload: { username: "a", password: "b" } });
    expect(res.statusCode).toBe(503);
    expect(res.headers["retry-after"]).toBe("5");
    expect(res.json()).toEqual({ statusCode: 503, message: "The database is unavailable; please try again shortly" });
    expect(res.body).not.toMatch(/ECONNREFUSED|hunter2|stack/);
    const ready = await app.inject({ method: "GET", url: "/api/ready" });
    expect(ready.statusCode).toBe(503);
    expect(ready.body).not.toMatch(/ECONNREFUSED|stack/);
    // Liveness stays 200: the process is fine, its database is not.
    expect((await app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
  });

  it("answers malformed JSON with 400", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/json" },
      payload: '{"username": "superadmin", "password": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ statusCode: 400, message: "Malformed JSON body" });
  });

  it("answers a body over 1 MiB with 413", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ username: "a", password: "x".repeat(1.1 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ statusCode: 413, message: "Request body is too large" });
  });

  it("answers a body that is not an object with a field map", async () => {
    const res = await app.inject({ method: "POST", url: "/api/auth/login", payload: "[1,2]", headers: { "content-type": "application/json" } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, message: "Validation failed", errors: { body: "must be an object" } });
  });

  it("answers an unknown API route with the 404 envelope", async () => {
    for (const [method, url] of [
      ["GET", "/api/nope"],
      ["POST", "/api/auth/nope"],
      ["GET", "/_firebase/nope"],
      ["GET", "/"],
    ] as const) {
      const res = await app.inject({ method, url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ statusCode: 404, message: "Not found" });
    }
  });

  it("closes a new /api route until it is opened on purpose: no token, 401", async () => {
    for (const url of ["/api/test/new-route", "/_firebase/test/new-route"]) {
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(401);
      expect(res.body).not.toContain("anyone?");
    }
  });

  it("sends security headers", async () => {
    const res = await app.inject({ method: "GET", url: "/api/nope" });
    expect(res.headers["content-security-policy"]).toContain("style-src 'self' 'unsafe-inline'");
    expect(res.headers["content-security-policy"]).not.toContain("upgrade-insecure-requests");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
  });
});

describe("serving the built console", () => {
  let web: FastifyInstance;
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), "cc-dist-"));
    mkdirSync(join(dir, "assets"));
    writeFileSync(join(dir, "index.html"), "<!doctype html><title>Center Console</title>");
    writeFileSync(join(dir, "assets", "app-abc123.js"), "console.log(1)");
    web = await buildApp({ db: brokenDb, jwtSecret: TEST_JWT_SECRET, staticDir: dir });
  });
  afterAll(async () => {
    await web?.close();
  });

  it("serves hashed assets as immutable", async () => {
    const res = await web.inject({ method: "GET", url: "/assets/app-abc123.js" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("answers client-side routes with index.html", async () => {
    for (const url of ["/", "/login", "/app/welcome/", "/app/careers/edit/5"]) {
      const res = await web.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain("<title>Center Console</title>");
      expect(res.headers["cache-control"]).toBe("no-cache");
    }
  });

  it("keeps the 404 envelope for unknown API paths", async () => {
    for (const url of ["/api/nope", "/_firebase/nope", "/api"]) {
      const res = await web.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ statusCode: 404, message: "Not found" });
    }
  });
});
