import { describe, expect, it, vi } from "vitest";
import { createAuthProvider } from "../authProvider";
import { createHttpClient, HttpError } from "../http";
import { createLoader } from "../loader";
import { session } from "../session";
import { fail, fakeTransport, list, ok, type Reply, type RecordedRequest } from "./transport";

const editor = { id: 3, token: "tok", fullname: "Demo Content Editor", username: "editor", user_type: "center_staff" };
const permissions = [{ set: { permission_key: "content_management" }, allow_read: 1, allow_create: 1, allow_update: 1, allow_delete: 0 }];

function setup(route: (r: RecordedRequest) => Reply, extra: Partial<Parameters<typeof createAuthProvider>[0]> = {}) {
  const { adapter, requests } = fakeTransport(route);
  const auth = createAuthProvider({ load: createLoader(createHttpClient({ adapter }), { retryDelayMs: 0 }), ...extra });
  return { auth, requests };
}

describe("authProvider.login", () => {
  it("clears the earlier session, stores the user and sends center staff to /pick-center", async () => {
    session.setUser({ ...editor, token: "stale" });
    session.setCenter({ code: "BDG01", assignmentId: 9 });
    const onSignedIn = vi.fn();
    const { auth, requests } = setup(() => ok(editor, "Login success"), { onSignedIn });
    await expect(auth.login({ username: "editor", password: "pw" })).resolves.toEqual({ success: true, redirectTo: "/pick-center", languageChanged: false });
    expect(requests[0]).toMatchObject({ method: "POST", url: "/api/auth/login", body: { username: "editor", password: "pw" } });
    expect(requests[0].headers.Authorization).toBeUndefined();
    expect(session.getUser()).toMatchObject({ id: 3, token: "tok", user_type: "center_staff" });
    expect(session.getCenter()).toBeNull();
    expect(onSignedIn).toHaveBeenCalledOnce();
  });

  it("stores nothing while a second step must follow, and keeps the session the second step opens", async () => {
    session.setUser({ ...editor, token: "stale" });
    const onSignedIn = vi.fn();
    const secondStep = { second_step: "verify", ticket: "t.i.cket", methods: ["totp", "recovery"], fullname: editor.fullname };
    const { auth } = setup(() => ok(secondStep), { onSignedIn });
    await expect(auth.login({ username: "editor", password: "pw" })).resolves.toEqual({ success: false, secondStep });
    expect(session.getUser()).toBeNull();
    expect(onSignedIn).not.toHaveBeenCalled();
    await expect(auth.completeSignIn({ ...editor, locale: null })).resolves.toEqual({ success: true, redirectTo: "/pick-center", languageChanged: false });
    expect(session.getUser()).toMatchObject({ id: 3, token: "tok" });
    expect(onSignedIn).toHaveBeenCalledOnce();
  });

  it("sends a superadmin to /app/welcome", async () => {
    const { auth } = setup(() => ok({ ...editor, user_type: "superadmin" }));
    await expect(auth.login({ username: "superadmin", password: "pw" })).resolves.toMatchObject({ redirectTo: "/app/welcome" });
  });

  it("switches to the language the account chose, and says so", async () => {
    const { getLocale, setLocale } = await import("../i18n");
    await setLocale("en");
    const { auth } = setup(() => ok({ ...editor, locale: "id" }));
    await expect(auth.login({ username: "editor", password: "pw" })).resolves.toMatchObject({ languageChanged: true });
    expect(getLocale()).toBe("id");
    // Signing in again with the same choice changes nothing.
    await expect(auth.login({ username: "editor", password: "pw" })).resolves.toMatchObject({ languageChanged: false });
    await setLocale("en");
  });

  it.each([
    [403, "Invalid username or password", "Error : Invalid username or password"],
    [404, "User not found", "Error : User not found"],
    [500, "Internal server error", "Error : Komunikasi dengan server bermasalah"],
    [0, "Network Error", "Error : Komunikasi dengan server bermasalah"],
  ])("a %s answer reads %s", async (status, message, shown) => {
    const { auth } = setup(() => {
      if (status === 0) throw new HttpError("Network Error", 0);
      return fail(status, message);
    });
    const result = await auth.login({ username: "x", password: "y" });
    expect(result.success).toBe(false);
    expect(result.error?.message).toBe(shown);
    expect(session.getUser()).toBeNull();
  });
});

describe("authProvider session", () => {
  it("check asks ___ca and getPermissions reuses that answer", async () => {
    session.setUser(editor);
    const { auth, requests } = setup(() => ok({ permissions, center: null }));
    await expect(auth.check()).resolves.toEqual({ authenticated: true });
    await expect(auth.getPermissions!()).resolves.toEqual(permissions);
    expect(requests.map((r) => r.url)).toEqual(["/api/a/verify/___ca"]);
    await auth.sessionCheck(true);
    expect(requests).toHaveLength(2);
  });

  it("check without a stored user or with a failing ___ca is unauthenticated", async () => {
    const { auth } = setup(() => fail(401, "Unauthorized"));
    await expect(auth.check()).resolves.toMatchObject({ authenticated: false, redirectTo: "/login" });
    session.setUser(editor);
    await expect(auth.check()).resolves.toMatchObject({ authenticated: false, logout: true });
  });

  it("getIdentity names the role of the selected assignment", async () => {
    session.setUser(editor);
    session.setCenter({ code: "JKT01", assignmentId: 4 });
    const { auth, requests } = setup(({ url }) =>
      url.includes("assignment")
        ? list([{ id: 2, name: "Content Editor" }])
        : ok({ permissions, center: { center_code: "JKT01", center_web_name: "Jakarta Kemang", role_name: "Content Editor" } }),
    );
    await expect(auth.getIdentity!()).resolves.toMatchObject({ fullname: editor.fullname, roleName: "Content Editor", center: { center_code: "JKT01" } });
    expect(requests.some((r) => r.url === "/api/permissions/assignment/4")).toBe(true);
  });

  it("getIdentity calls a superadmin 'Superadmin'", async () => {
    session.setUser({ ...editor, user_type: "superadmin" });
    const { auth } = setup(() => ok({ permissions, center: null }));
    await expect(auth.getIdentity!()).resolves.toMatchObject({ roleName: "Superadmin" });
  });

  it("logout clears the stored user, center and caches and goes to /", async () => {
    session.setUser(editor);
    session.setCenter({ code: "JKT01", assignmentId: 4 });
    const clearCaches = vi.fn();
    const { auth, requests } = setup(() => ok(null), { clearCaches });
    await expect(auth.logout({})).resolves.toEqual({ success: true, redirectTo: "/" });
    // Only the center to preselect next time stays (per user; see session.getLastCenter).
    expect(Object.keys(localStorage)).toEqual([`cc.lastCenter.${editor.id}`]);
    expect(clearCaches).toHaveBeenCalled();
    // The server is told to end the session, with the token it belonged to.
    await vi.waitFor(() => expect(requests.map((r) => r.url)).toContain("/api/auth/logout"));
    expect(requests.find((r) => r.url === "/api/auth/logout")!.headers.Authorization).toBe(`Bearer ${editor.token}`);
  });

  it("onError signs out on 401 only, and leaves the redirect to that one sign-out", async () => {
    const onUnauthorized = vi.fn();
    const { auth } = setup(() => ok(null), { onUnauthorized });
    await expect(auth.onError(new HttpError("Forbidden", 403))).resolves.toEqual({});
    expect(onUnauthorized).not.toHaveBeenCalled();
    await expect(auth.onError(new HttpError("Unauthorized", 401))).resolves.toEqual({});
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });
});
