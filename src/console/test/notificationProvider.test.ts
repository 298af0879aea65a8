import { describe, expect, it, vi } from "vitest";
import { setLocale } from "../../../providers/i18n";
import { plainNotice } from "../notificationProvider";

describe("toasts in plain words", () => {
  it("replaces Refine's status-code titles with a plain title and keeps the server's words below", () => {
    expect(plainNotice({ type: "error", message: "Error (status code: 403)", description: "You don't have permission to access this page" })).toEqual({
      type: "error",
      message: "You don't have permission to do this",
      description: "You don't have permission to access this page",
    });
    expect(plainNotice({ type: "error", message: "Error (status code: 500)", description: "Internal error" })?.message).toBe("Something went wrong");
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
      expect(plainNotice({ type: "error", message: "Error (status code: 404)", description: "Percakapan tidak ditemukan" })?.description).toBe("Percakapan tidak ditemukan");
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
  it("loads antd's notifications with the first toast and keeps open and close in order", async () => {
    const calls: string[] = [];
    vi.doMock("antd/es/notification", () => ({
      default: {
        error: ({ message }: { message: string }) => calls.push(`error ${message}`),
        success: ({ message }: { message: string }) => calls.push(`success ${message}`),
        info: ({ message }: { message: string }) => calls.push(`info ${message}`),
        destroy: (key?: string) => calls.push(`destroy ${key}`),
      },
    }));
    vi.resetModules();
    const { notificationProvider } = await import("../notificationProvider");
    notificationProvider.open({ type: "error", message: "Error (status code: 0)" }); // the shell's banner says it
    notificationProvider.open({ key: "a", type: "success", message: "Saved" });
    notificationProvider.close!("a");
    notificationProvider.open({ type: "error", message: "Error (status code: 403)" });
    await vi.waitFor(() => expect(calls).toHaveLength(3));
    expect(calls).toEqual(["success Saved", "destroy a", "error You don't have permission to do this"]);
    vi.doUnmock("antd/es/notification");
  });
});
