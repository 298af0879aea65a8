import { describe, expect, it, vi } from "vitest";
import { pushToken } from "./pushToken";
import { firebaseConfigFromEnv, registerPush, type PushDeps } from "./registerPush";

const config = { apiKey: "k", projectId: "p", messagingSenderId: "1", appId: "a", vapidKey: "v" };

function deps(overrides: Partial<PushDeps> = {}): PushDeps & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    config,
    permission: vi.fn(async () => "granted" as NotificationPermission),
    registerWorker: vi.fn(async () => {
      calls.push("register /sw.js");
      return {} as ServiceWorkerRegistration;
    }),
    token: vi.fn(async () => "fcm-token-1"),
    send: vi.fn(async () => ({})),
    log: vi.fn(),
    ...overrides,
  };
}

describe("registerPush", () => {
  it("with permission granted, registers the worker, gets the token and registers it for the user", async () => {
    const d = deps();
    await expect(registerPush(7, d)).resolves.toBe("registered");
    expect(d.calls).toEqual(["register /sw.js"]);
    expect(d.token).toHaveBeenCalledWith(config, {});
    expect(d.send).toHaveBeenCalledWith({ fcm_token: "fcm-token-1", user_id: 7 });
    // Remembered, so sign-out can unregister it.
    expect(pushToken.get()).toBe("fcm-token-1");
  });

  it("when permission is denied, only logs", async () => {
    const d = deps({ permission: async () => "denied" });
    await expect(registerPush(7, d)).resolves.toBe("denied");
    expect(d.registerWorker).not.toHaveBeenCalled();
    expect(d.send).not.toHaveBeenCalled();
    expect(d.log).toHaveBeenCalledWith(expect.stringContaining("denied"));
  });

  it("without Firebase settings, does nothing", async () => {
    const d = deps({ config: null });
    await expect(registerPush(7, d)).resolves.toBe("skipped");
    expect(d.permission).not.toHaveBeenCalled();
  });

  it("logs a failure instead of breaking the console", async () => {
    const d = deps({ token: async () => Promise.reject(new Error("messaging/unsupported-browser")) });
    await expect(registerPush(7, d)).resolves.toBe("failed");
    expect(d.log).toHaveBeenCalledWith(expect.stringContaining("unsupported-browser"));
    expect(pushToken.get()).toBeNull();
  });

  it("reads the five VITE_FIREBASE_* settings, all or nothing", () => {
    const env = {
      VITE_FIREBASE_API_KEY: "k",
      VITE_FIREBASE_PROJECT_ID: "p",
      VITE_FIREBASE_MESSAGING_SENDER_ID: "1",
      VITE_FIREBASE_APP_ID: "a",
      VITE_FIREBASE_VAPID_KEY: "v",
    };
    expect(firebaseConfigFromEnv(env)).toEqual(config);
    expect(firebaseConfigFromEnv({ ...env, VITE_FIREBASE_VAPID_KEY: "" })).toBeNull();
  });
});
