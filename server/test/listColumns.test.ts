import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_LISTS } from "../routes/listColumns.js";
import { bearer, buildTestApp, DEMO, type TestApp } from "./helpers.js";

let t: TestApp;
const tokens = { manager: "", editor: "" };
beforeAll(async () => {
  t = await buildTestApp();
  tokens.manager = await t.login(DEMO.manager.username, DEMO.manager.password);
  tokens.editor = await t.login(DEMO.editor.username, DEMO.editor.password);
});
afterAll(async () => {
  await t?.close();
});

const read = (token: string) => t.app.inject({ method: "GET", url: "/api/auth/list-columns", headers: bearer(token) });
const write = (token: string, payload: unknown) =>
  t.app.inject({ method: "PUT", url: "/api/auth/list-columns", headers: bearer(token), payload: payload as object });

describe("/api/auth/list-columns", () => {
  it("remembers each list's hidden columns for the account, across sessions, and forgets a list shown whole", async () => {
    expect((await read(tokens.manager)).json()).toEqual({ statusCode: 200, data: {} });
    expect((await write(tokens.manager, { list: "posts", hidden: ["starts_at", "type"] })).statusCode).toBe(200);
    expect((await write(tokens.manager, { list: "/app/events/life-club", hidden: ["state"] })).statusCode).toBe(200);
    // Another sign-in (another browser) reads the same choice.
    const again = await t.login(DEMO.manager.username, DEMO.manager.password);
    expect((await read(again)).json().data).toEqual({ posts: ["starts_at", "type"], "/app/events/life-club": ["state"] });
    // Another user's lists are theirs alone.
    expect((await read(tokens.editor)).json().data).toEqual({});

    await write(tokens.manager, { list: "posts", hidden: ["type"] });
    await write(tokens.manager, { list: "/app/events/life-club", hidden: [] });
    expect((await read(tokens.manager)).json().data).toEqual({ posts: ["type"] });
  });

  it("refuses what is not a list's path or a column's key, and a caller without a token", async () => {
    for (const payload of [
      { list: "https://example.com", hidden: [] },
      { list: "posts", hidden: ["<script>"] },
      { list: "posts", hidden: ["a", "a"] },
      { list: "posts", hidden: Array.from({ length: 51 }, (_, i) => `c${i}`) },
      { list: "posts" },
    ]) {
      const res = await write(tokens.editor, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await t.app.inject({ method: "GET", url: "/api/auth/list-columns" })).statusCode).toBe(401);
  });

  it("stops at a cap of lists per account, still updating the ones it has", async () => {
    const token = await t.login(DEMO.superadmin.username, DEMO.superadmin.password);
    for (let i = 0; i < MAX_LISTS; i++) expect((await write(token, { list: `/app/list-${i}`, hidden: ["a"] })).statusCode).toBe(200);
    const over = await write(token, { list: "/app/one-more", hidden: ["a"] });
    expect(over.statusCode).toBe(400);
    expect(over.json().errors).toHaveProperty("list");
    expect((await write(token, { list: "/app/list-0", hidden: ["b"] })).statusCode).toBe(200);
  });
});
