import { describe, expect, it } from "vitest";
import { setLocale } from "../../../providers/i18n";
import { createNotificationProvider, plainNotice } from "../notificationProvider";

describe("toasts in plain words", () => {
  it("replaces Refine's status-code titles with a plain title and keeps the server's words below", () => {
    expect(plainNotice({ type: "error", message: "Error (status code: 403)", description: "You don't have permission to access this page" })).toEqual({
      type: "error",
      message: "You don't have permission to do this",
      description: "You don't have permission to access this page",
    });
    expect(plainNotice({ type: "error", message: "Error (status code: 500)", description: "Internal error" })?.message).toBe("Something went wrong");
    // A refusal the server explains (a role still held) is no failure of the console's.
    expect(plainNotice({ type: "error", message: "Error (status code: 409)", description: "This role is held by 1 user" })).toEqual({
      type: "error",
      message: "This can't be done",
      description: "This role is held by 1 user",
    });
    expect(plainNotice({ type: "error", message: "Error (status code: 404)", description: "Not found" })).toEqual({
      type: "error",
      message: "It could not be found",
      description: undefined,
    });
  });

  it("in Indonesian too, without repeating a generic not-found under its title", async () => {
    await setLocale("id");
    try {
      expect(plainNotice({ type: "error", message: "Error (status code: 404)", description: "Tidak ditemukan" })).toMatchObject({ description: undefined });
      expect(plainNotice({ type: "error", message: "Error (status code: 404)", description: "Percakapan tidak ditemukan" })?.description).toBe(
        "Percakapan tidak ditemukan",
      );
    } finally {
      await setLocale("en");
    }
  });

  it("drops what the screen already says: a record that could not be read, an unreachable server", () => {
    expect(plainNotice({ key: "12-posts-getOne-notification", type: "error", message: "Error (status code: 404)", description: "Not found" })).toBeNull();
    expect(plainNotice({ type: "error", message: "Error (status code: 0)", description: "Network Error" })).toBeNull();
    expect(plainNotice({ type: "error", message: "Error (status code: 503)", description: "Unavailable" })).toBeNull();
  });

  it("leaves the console's own toasts alone", () => {
    const own = { type: "error" as const, message: "The post was not saved", description: "Fix the highlighted fields, then save again." };
    expect(plainNotice(own)).toEqual(own);
    expect(plainNotice({ type: "success", message: "Success", description: "Saved" })).toEqual({ type: "success", message: "Success", description: "Saved" });
  });
});

describe("the notification provider", () => {
  it("hands toasts to @refinedev/antd's once it has loaded, in order, the plain title as its title", () => {
    const calls: unknown[] = [];
    const antd = { open: (params: unknown) => calls.push(["open", params]), close: (key: unknown) => calls.push(["close", key]) };
    const { provider, ready, onLoad } = createNotificationProvider();
    let loads = 0;
    onLoad(() => loads++);
    provider.open({ type: "error", message: "Error (status code: 0)" }); // the shell's banner says it
    expect(loads).toBe(0);
    provider.open({ key: "a", type: "success", message: "Saved", description: "The post is live" });
    provider.close!("a");
    expect(loads).toBeGreaterThan(0);
    expect(calls).toEqual([]);
    ready(antd);
    provider.open({ type: "error", message: "Error (status code: 403)", description: "Not yours" });
    // @refinedev/antd's provider shows `description` as the title and `message` below it.
    expect(calls).toEqual([
      ["open", { key: "a", type: "success", message: "The post is live", description: "Saved" }],
      ["close", "a"],
      ["open", { type: "error", message: "Not yours", description: "You don't have permission to do this" }],
    ]);
  });

  it("asks to be loaded at once when a toast came before the host", () => {
    const { provider, onLoad } = createNotificationProvider();
    provider.open({ type: "success", message: "Saved" });
    let loads = 0;
    onLoad(() => loads++);
    expect(loads).toBe(1);
  });
});
