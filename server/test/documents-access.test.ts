// Every content resource × mode × caller answers as the demo roles say, and no refused call
// changes a row.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Mode, ResourceDefinition } from "../../resources/types.js";
import { MODES } from "../../resources/types.js";
import { allows, type Permission } from "../lib/permissions.js";
import { loadDefinitions } from "../definitions/load.js";
import { sampleBody } from "./documents.fixtures.js";
import { bearer, buildTestApp, DEMO, type TestApp } from "./helpers.js";

let t: TestApp;
let definitions: ResourceDefinition[];
const tokens = { superadmin: "", manager: "", editor: "" };

beforeAll(async () => {
  t = await buildTestApp();
  definitions = await loadDefinitions();
  for (const who of ["superadmin", "manager", "editor"] as const) tokens[who] = await t.login(DEMO[who].username, DEMO[who].password);
});
afterAll(async () => {
  await t?.close();
});

const grant = (key: Permission["permission_key"], r: number, c: number, u: number, d: number): Permission => ({
  permission_key: key,
  allow_read: r,
  allow_create: c,
  allow_update: u,
  allow_delete: d,
});
// The demo roles (server/seed/seed.ts), restated here so the test does not trust the code it checks.
const CALLERS = [
  { label: "superadmin at JKT01", who: "superadmin", center: "JKT01", role: null },
  {
    label: "Center Manager at JKT01",
    who: "manager",
    center: "JKT01",
    role: [grant("content_management", 1, 1, 1, 1), grant("career_management", 1, 1, 1, 1), grant("center_management", 1, 1, 1, 1)],
  },
  { label: "Content Editor at JKT01", who: "editor", center: "JKT01", role: [grant("content_management", 1, 1, 1, 0), grant("career_management", 1, 1, 1, 0)] },
  { label: "Viewer at SBY01", who: "editor", center: "SBY01", role: [grant("content_management", 1, 0, 0, 0)] },
  { label: "manager at SBY01 (not assigned)", who: "manager", center: "SBY01", role: "not assigned" },
] as const;

function expected(def: ResourceDefinition, mode: Mode, role: (typeof CALLERS)[number]["role"]): "allowed" | "denied" | "not assigned" {
  if (role === "not assigned") return "not assigned";
  if (role === null || def.openModes?.includes(mode)) return "allowed";
  return allows([...role], def.permissionKey, mode) ? "allowed" : "denied";
}

const fingerprint = async () =>
  (
    await t.db.query(
      `SELECT (SELECT count(*) FROM documents)::int AS docs, (SELECT coalesce(sum(version), 0) FROM documents)::int AS versions_sum,
              (SELECT count(*) FROM document_versions)::int AS versions, (SELECT count(*) FROM audit_log WHERE action IN ('create','update','delete'))::int AS audits,
              (SELECT md5(string_agg(data::text || status, ',' ORDER BY id)) FROM documents) AS content`,
    )
  ).rows[0];

/** A live record of `def` at `center`, made by the superadmin (or the seeded singleton). */
async function target(def: ResourceDefinition, center: string): Promise<{ id: number; version: number }> {
  if (def.singleton) {
    const res = await t.app.inject({ url: `/api/${def.name}`, headers: bearer(tokens.superadmin, center) });
    return res.json().data.docs[0];
  }
  const res = await t.app.inject({
    method: "POST",
    url: `/api/${def.name}`,
    headers: bearer(tokens.superadmin, center),
    payload: sampleBody(def, Math.floor(Math.random() * 1000)),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function attempt(def: ResourceDefinition, mode: Mode, token: string, center: string) {
  const headers = bearer(token, center);
  const base = `/api/${def.name}`;
  switch (mode) {
    case "read": {
      const list = await t.app.inject({ url: base, headers });
      if (list.statusCode !== 200) return list;
      const one = await target(def, center);
      return t.app.inject({ url: `${base}/${one.id}`, headers });
    }
    case "create":
      return t.app.inject({ method: "POST", url: base, headers, payload: sampleBody(def, 7) });
    case "update": {
      const one = await target(def, center);
      return t.app.inject({ method: "PUT", url: `${base}/${one.id}`, headers, payload: { ...sampleBody(def, 8), version: one.version } });
    }
    case "delete": {
      const one = await target(def, center);
      return t.app.inject({ method: "DELETE", url: `${base}/${one.id}`, headers });
    }
  }
}

describe("permission matrix", () => {
  const cases: [string, Mode, (typeof CALLERS)[number]][] = [];
  for (const name of ["posts", "careers", "center-informations", "center-links"])
    for (const mode of MODES) for (const caller of CALLERS) cases.push([name, mode, caller]);

  it.each(cases)("%s %s by %s", async (name, mode, caller) => {
    const def = definitions.find((d) => d.name === name)!;
    const want = expected(def, mode, caller.role);
    if (want === "allowed") {
      const res = await attempt(def, mode, tokens[caller.who], caller.center);
      // A singleton's second record and a noDelete resource's delete are refused for what they are, not for permission.
      const fine = mode === "create" && def.singleton ? 409 : mode === "delete" && def.noDelete ? 405 : 200;
      expect(res.statusCode, res.body).toBe(fine);
      return;
    }
    // Targets are made before the fingerprint: only the refused call itself must change nothing.
    const one = mode === "update" || mode === "delete" || mode === "read" ? await target(def, caller.center) : null;
    const before = await fingerprint();
    const headers = bearer(tokens[caller.who], caller.center);
    const base = `/api/${def.name}`;
    const responses =
      mode === "read"
        ? [await t.app.inject({ url: base, headers }), await t.app.inject({ url: `${base}/${one!.id}`, headers })]
        : mode === "create"
          ? [await t.app.inject({ method: "POST", url: base, headers, payload: sampleBody(def, 9) })]
          : mode === "update"
            ? [await t.app.inject({ method: "PUT", url: `${base}/${one!.id}`, headers, payload: { ...sampleBody(def, 9), version: one!.version } })]
            : [await t.app.inject({ method: "DELETE", url: `${base}/${one!.id}`, headers })];
    for (const res of responses) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(want === "not assigned" ? "You are not assigned to this center" : "You don't have permission to access this page");
    }
    expect(await fingerprint()).toEqual(before);
  });
});

describe("center context", () => {
  it("asks a center user to choose a center first, even for an open read", async () => {
    for (const url of ["/api/posts", "/api/careers"]) {
      const res = await t.app.inject({ url, headers: bearer(tokens.editor) });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe("Choose a center first");
    }
  });

  it("refuses a call without a token before looking at the body", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/posts", payload: { nonsense: true } });
    expect(res.statusCode).toBe(401);
  });

  it("gives the Viewer the career list (open to anyone signed in) of their center only", async () => {
    const res = await t.app.inject({ url: "/api/careers?limit=100", headers: bearer(tokens.editor, "SBY01") });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.docs.every((d: { center_code: string }) => d.center_code === "SBY01")).toBe(true);
  });
});
