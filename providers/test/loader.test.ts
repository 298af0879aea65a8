import { describe, expect, it, vi } from "vitest";
import { createHttpClient, HttpError } from "../http";
import { createLoader, resolveUrl } from "../loader";
import { fail, fakeTransport, ok } from "./transport";

describe("resolveUrl", () => {
  it("appends the body's id to PUT and DELETE", () => {
    expect(resolveUrl("PUT", "/api/posts", { id: 7, title: "x" })).toBe("/api/posts/7");
    expect(resolveUrl("delete", "/api/posts/", { id: "a b" })).toBe("/api/posts/a%20b");
  });
  it("leaves POST, GET and id-less bodies alone", () => {
    expect(resolveUrl("POST", "/api/posts", { id: 7 })).toBe("/api/posts");
    expect(resolveUrl("GET", "/api/posts", { id: 7 })).toBe("/api/posts");
    expect(resolveUrl("PUT", "/api/auth/password", { current_password: "x" })).toBe("/api/auth/password");
    expect(resolveUrl("PUT", "/api/posts", { id: null })).toBe("/api/posts");
  });
});

describe("createLoader", () => {
  it("retries a 406 three times, then fails with it", async () => {
    const { adapter, requests } = fakeTransport(() => fail(406, "Please retry"));
    const load = createLoader(createHttpClient({ adapter }), { retryDelayMs: 0 });
    await expect(load({ method: "GET", url: "/api/x" })).rejects.toMatchObject({ statusCode: 406, message: "Please retry" });
    expect(requests).toHaveLength(4);
  });

  it("succeeds when a retry gets through", async () => {
    let calls = 0;
    const { adapter } = fakeTransport(() => (++calls < 3 ? fail(406) : ok({ done: true })));
    const load = createLoader(createHttpClient({ adapter }), { retryDelayMs: 0 });
    await expect(load({ method: "GET", url: "/api/x" })).resolves.toMatchObject({ data: { done: true } });
    expect(calls).toBe(3);
  });

  it("does not retry other errors", async () => {
    const { adapter, requests } = fakeTransport(() => fail(500, "Internal server error"));
    const load = createLoader(createHttpClient({ adapter }), { retryDelayMs: 0 });
    const error = await load({ method: "POST", url: "/api/x", body: {} }).catch((e) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error.statusCode).toBe(500);
    expect(requests).toHaveLength(1);
  });

  it("shows the server's message after a successful write, not after a read", async () => {
    const notify = vi.fn();
    const { adapter } = fakeTransport(() => ok({ id: 1 }, "Saved"));
    const load = createLoader(createHttpClient({ adapter }), { notifySuccess: notify });
    await load({ method: "GET", url: "/api/x" });
    expect(notify).not.toHaveBeenCalled();
    await load({ method: "PUT", url: "/api/x", body: { id: 1 } });
    await load({ method: "DELETE", url: "/api/x", body: { id: 1 } });
    await load({ method: "POST", url: "/api/x", body: {} });
    expect(notify).toHaveBeenCalledTimes(3);
    expect(notify).toHaveBeenCalledWith("Saved");
  });

  it("stays silent for a write answered without a message", async () => {
    const notify = vi.fn();
    const { adapter } = fakeTransport(() => ok({ id: 1 }));
    await createLoader(createHttpClient({ adapter }), { notifySuccess: notify })({ method: "POST", url: "/api/x" });
    expect(notify).not.toHaveBeenCalled();
  });
});
