import { describe, expect, it, vi } from "vitest";
import { createHttpClient } from "../http";
import { session } from "../session";
import { createSignOutOnce } from "../signOut";
import { fail, fakeTransport } from "./transport";

describe("createSignOutOnce", () => {
  it("signs out and redirects once however many calls fail with 401 at once", async () => {
    session.setUser({ id: 1, token: "old", fullname: "A", user_type: "superadmin" });
    session.setCenter({ code: "JKT01", assignmentId: 2 });
    const go = vi.fn();
    const clearCaches = vi.fn();
    const guard = createSignOutOnce(go, clearCaches);
    const { adapter } = fakeTransport(() => fail(401, "Unauthorized"));
    const http = createHttpClient({ adapter, onUnauthorized: () => guard.signOut() });

    const results = await Promise.allSettled(Array.from({ length: 6 }, () => http.get("/api/x")));

    expect(results.every((r) => r.status === "rejected")).toBe(true);
    expect(go).toHaveBeenCalledTimes(1);
    expect(go).toHaveBeenCalledWith("/");
    expect(clearCaches).toHaveBeenCalledTimes(1);
    expect(session.getUser()).toBeNull();
    expect(session.getCenter()).toBeNull();
  });

  it("is armed again by a new sign-in", () => {
    const go = vi.fn();
    const guard = createSignOutOnce(go);
    expect(guard.signOut()).toBe(true);
    expect(guard.signOut()).toBe(false);
    guard.reset();
    // A session the server ended goes straight to the login.
    expect(guard.signOut("/login")).toBe(true);
    expect(go).toHaveBeenCalledTimes(2);
    expect(go).toHaveBeenLastCalledWith("/login");
  });
});
