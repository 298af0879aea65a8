import { afterEach, describe, expect, it, vi } from "vitest";
import { session } from "../../providers/session";
import { pushToken, unregisterPush } from "./pushToken";

afterEach(() => vi.unstubAllGlobals());

describe("unregistering this browser's push token", () => {
  it("sends DELETE /_firebase/register/ with the token and the session's bearer, once, and forgets it", () => {
    pushToken.set("fcm-token-1");
    const send = vi.fn(async () => new Response(null, { status: 200 }));
    unregisterPush("session-token", send);
    expect(send).toHaveBeenCalledWith("/_firebase/register/", {
      method: "DELETE",
      keepalive: true,
      headers: { "Content-Type": "application/json", Authorization: "Bearer session-token" },
      body: JSON.stringify({ fcm_token: "fcm-token-1" }),
    });
    expect(pushToken.get()).toBeNull();
    unregisterPush("session-token", send);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it("sends nothing when this browser registered no token, and never fails the sign-out", async () => {
    const send = vi.fn(async () => Promise.reject(new TypeError("offline")));
    unregisterPush("session-token", send);
    expect(send).not.toHaveBeenCalled();
    pushToken.set("fcm-token-1");
    expect(() => unregisterPush("session-token", send)).not.toThrow();
    await Promise.resolve();
    expect(send).toHaveBeenCalledTimes(1);
  });

  it("happens at sign-out while the session's token is still there", async () => {
    const { authProvider } = await import("../app/services");
    const fetch = vi.fn(async () => new Response(null, { status: 200 }));
    vi.stubGlobal("fetch", fetch);
    session.setUser({ id: 7, token: "session-token", fullname: "Rina Manager", user_type: "superadmin" });
    pushToken.set("fcm-token-1");
    await authProvider.logout({});
    expect(fetch).toHaveBeenCalledWith(
      "/_firebase/register/",
      expect.objectContaining({ method: "DELETE", headers: expect.objectContaining({ Authorization: "Bearer session-token" }) }),
    );
    expect(session.getUser()).toBeNull();
  });
});
