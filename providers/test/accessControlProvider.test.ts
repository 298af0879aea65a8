import { describe, expect, it } from "vitest";
import { registry } from "../../resources";
import { createAccessControlProvider } from "../accessControlProvider";
import { createHttpClient } from "../http";
import { createLoader } from "../loader";
import { session } from "../session";
import { fail, fakeTransport, ok } from "./transport";

const definitions = async () => registry;

function setup(allowed: Set<string>) {
  const { adapter, requests } = fakeTransport(({ params }) =>
    allowed.has(`${params?.key}:${params?.mode}`) ? ok(null, "Allowed") : fail(403, "You don't have permission to access this page"),
  );
  const provider = createAccessControlProvider(createLoader(createHttpClient({ adapter })), definitions);
  return { provider, requests };
}

describe("accessControlProvider", () => {
  it("asks ___pc with the resource's key and the action's mode", async () => {
    session.setUser({ id: 1, token: "t", fullname: "E", user_type: "center_staff" });
    const { provider, requests } = setup(new Set(["content_management:read"]));
    await expect(provider.can({ resource: "posts", action: "list" })).resolves.toEqual({ can: true });
    await expect(provider.can({ resource: "posts", action: "delete" })).resolves.toEqual({ can: false });
    expect(requests.map((r) => [r.url, r.params])).toEqual([
      ["/api/a/verify/___pc", { key: "content_management", mode: "read" }],
      ["/api/a/verify/___pc", { key: "content_management", mode: "delete" }],
    ]);
  });

  it("offers role changes to superadmins only, even where the role holds user_management", async () => {
    session.setUser({ id: 2, token: "t", fullname: "A", user_type: "center_admin" });
    const { provider } = setup(new Set(["user_management:read", "user_management:create", "user_management:update"]));
    await expect(provider.can({ resource: "roles", action: "list" })).resolves.toEqual({ can: true });
    await expect(provider.can({ resource: "roles", action: "create" })).resolves.toMatchObject({ can: false });
    await expect(provider.can({ resource: "roles", action: "edit" })).resolves.toMatchObject({ can: false });
    await expect(provider.can({ resource: "users", action: "create" })).resolves.toEqual({ can: true });
    session.setUser({ id: 3, token: "t", fullname: "S", user_type: "superadmin" });
    await expect(provider.can({ resource: "roles", action: "create" })).resolves.toEqual({ can: true });
  });

  it("caches per user and center, and forgets on clearCache", async () => {
    session.setUser({ id: 1, token: "t", fullname: "E", user_type: "center_staff" });
    session.setCenter({ code: "JKT01", assignmentId: 1 });
    const { provider, requests } = setup(new Set(["user_management:read"]));
    await provider.can({ resource: "users", action: "list" });
    await provider.can({ resource: "roles", action: "list" });
    expect(requests).toHaveLength(1);
    session.setCenter({ code: "SBY01", assignmentId: 2 });
    await provider.can({ resource: "users", action: "list" });
    expect(requests).toHaveLength(2);
    provider.clearCache();
    await provider.can({ resource: "users", action: "list" });
    expect(requests).toHaveLength(3);
  });

  it("asks again for a fresh check (the route gate), and keeps that answer for the buttons", async () => {
    session.setUser({ id: 1, token: "t", fullname: "E", user_type: "center_staff" });
    const allowed = new Set(["content_management:read"]);
    const { provider, requests } = setup(allowed);
    await expect(provider.can({ resource: "posts", action: "list" })).resolves.toEqual({ can: true });
    allowed.clear(); // the role changed on the server
    await expect(provider.can({ resource: "posts", action: "list" })).resolves.toEqual({ can: true });
    await expect(provider.can({ action: "list", params: { permissionKey: "content_management", fresh: true } })).resolves.toEqual({ can: false });
    await expect(provider.can({ resource: "posts", action: "list" })).resolves.toEqual({ can: false });
    expect(requests).toHaveLength(2);
  });

  it("answers open routes without a call and denies when signed out", async () => {
    const { provider, requests } = setup(new Set());
    await expect(provider.can({ resource: "careers", action: "list" })).resolves.toEqual({ can: true });
    await expect(provider.can({ resource: "posts", action: "list" })).resolves.toEqual({ can: false });
    expect(requests).toHaveLength(0);
  });

  it("does not remember a network failure", async () => {
    session.setUser({ id: 1, token: "t", fullname: "E", user_type: "superadmin" });
    let down = true;
    const { adapter } = fakeTransport(() => (down ? fail(502, "Bad gateway") : ok(null)));
    const provider = createAccessControlProvider(createLoader(createHttpClient({ adapter })), definitions);
    await expect(provider.can({ resource: "posts", action: "list" })).rejects.toMatchObject({ statusCode: 502 });
    down = false;
    await expect(provider.can({ resource: "posts", action: "list" })).resolves.toEqual({ can: true });
  });

  it("answers buttons from the session's matrix without a call; the route gate still asks ___pc", async () => {
    session.setUser({ id: 1, token: "t", fullname: "V", user_type: "center_staff" });
    session.setCenter({ code: "SBY01", assignmentId: 3 });
    const { adapter, requests } = fakeTransport(({ params }) =>
      params?.key === "content_management" && params?.mode === "read" ? ok(null, "Allowed") : fail(403, "You don't have permission to access this page"),
    );
    // A viewer: content_management, read only.
    const viewer = [{ set: { permission_key: "content_management" }, allow_read: 1, allow_create: 0, allow_update: 0, allow_delete: 0 }];
    let matrixReads = 0;
    const provider = createAccessControlProvider(createLoader(createHttpClient({ adapter })), definitions, async () => {
      matrixReads += 1;
      return viewer;
    });
    await expect(provider.can({ action: "list", params: { permissionKey: "content_management", fresh: true } })).resolves.toEqual({ can: true });
    expect(requests).toHaveLength(1);
    // What a viewer's list page asks for its buttons: create, edit and delete on each row.
    await expect(provider.can({ resource: "posts", action: "create" })).resolves.toEqual({ can: false });
    await expect(provider.can({ resource: "posts", action: "edit", params: { id: 1 } })).resolves.toEqual({ can: false });
    await expect(provider.can({ resource: "posts", action: "delete", params: { id: 1 } })).resolves.toEqual({ can: false });
    await expect(provider.can({ resource: "posts", action: "edit", params: { id: 2 } })).resolves.toEqual({ can: false });
    await expect(provider.can({ resource: "careers", action: "create" })).resolves.toEqual({ can: false });
    expect(requests).toHaveLength(1);
    // Once per key and mode (the session check itself is remembered by the auth provider).
    expect(matrixReads).toBe(4);
  });

  it("never offers deleting your own account", async () => {
    session.setUser({ id: 7, token: "t", fullname: "S", user_type: "superadmin" });
    const all = { allow_read: 1, allow_create: 1, allow_update: 1, allow_delete: 1 };
    const provider = createAccessControlProvider(createLoader(createHttpClient({ adapter: fakeTransport(() => ok(null)).adapter })), definitions, async () => [
      { set: { permission_key: "user_management" }, ...all },
    ]);
    await expect(provider.can({ resource: "users", action: "delete", params: { id: 7 } })).resolves.toMatchObject({ can: false });
    await expect(provider.can({ resource: "users", action: "delete", params: { id: 8 } })).resolves.toEqual({ can: true });
    await expect(provider.can({ resource: "users", action: "edit", params: { id: 7 } })).resolves.toEqual({ can: true });
  });
});
