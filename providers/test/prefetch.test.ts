import { describe, expect, it } from "vitest";
import { createHttpClient } from "../http";
import { createLoader } from "../loader";
import { PREFETCH_TTL_MS, requestKey, withPrefetch } from "../prefetch";
import { fail, fakeTransport, ok } from "./transport";

function setup(reply = () => ok({ n: 1 })) {
  const { adapter, requests } = fakeTransport(reply);
  let clock = 1_000;
  const load = withPrefetch(createLoader(createHttpClient({ adapter }), { retryDelayMs: 0 }), () => clock);
  return { load, requests, advance: (ms: number) => (clock += ms) };
}

describe("requestKey", () => {
  it("names a request by its URL and its parameters in name order, empty ones left out", () => {
    expect(requestKey({ url: "/api/posts", params: { sort: "-created_at", page: 1, limit: 10, q: undefined } })).toBe(
      "/api/posts?limit=10&page=1&sort=-created_at",
    );
    expect(requestKey({ url: "/api/posts" })).toBe("/api/posts?");
  });
});

describe("withPrefetch", () => {
  it("answers the identical GET from the prefetch, once", async () => {
    const { load, requests } = setup();
    load.prefetch({ url: "/api/posts", params: { page: 1, limit: 10 } });
    await expect(load({ method: "GET", url: "/api/posts", params: { limit: 10, page: 1 } })).resolves.toMatchObject({ data: { n: 1 } });
    expect(requests).toHaveLength(1);
    // A refetch asks the server again.
    await load({ method: "GET", url: "/api/posts", params: { limit: 10, page: 1 } });
    expect(requests).toHaveLength(2);
  });

  it("does not answer another question, a write, or a request with its own headers", async () => {
    const { load, requests } = setup();
    load.prefetch({ url: "/api/posts", params: { page: 1 } });
    await load({ method: "GET", url: "/api/posts", params: { page: 2 } });
    await load({ method: "POST", url: "/api/posts", body: {} });
    await load({ method: "GET", url: "/api/posts", params: { page: 1 }, headers: { Authorization: "Bearer x" } });
    expect(requests).toHaveLength(4);
  });

  it("asks afresh once the prefetch is older than its time to live", async () => {
    const { load, requests, advance } = setup();
    load.prefetch({ url: "/api/a/verify/___pc", params: { key: "content_management", mode: "read" } });
    advance(PREFETCH_TTL_MS + 1);
    await load({ method: "GET", url: "/api/a/verify/___pc", params: { key: "content_management", mode: "read" } });
    expect(requests).toHaveLength(2);
  });

  it("a failed prefetch is asked again by the real request, which reports its own error", async () => {
    let calls = 0;
    const { load, requests } = setup(() => (++calls === 1 ? fail(503, "Database unavailable") : ok({ n: 2 })));
    load.prefetch({ url: "/api/posts" });
    await expect(load({ method: "GET", url: "/api/posts" })).resolves.toMatchObject({ data: { n: 2 } });
    expect(requests).toHaveLength(2);
  });

  it("a denial reaches the caller as the server gave it", async () => {
    const { load } = setup(() => fail(403, "Forbidden"));
    load.prefetch({ url: "/api/a/verify/___pc", params: { key: "user_management", mode: "read" } });
    await expect(load({ method: "GET", url: "/api/a/verify/___pc", params: { key: "user_management", mode: "read" } })).rejects.toMatchObject({
      statusCode: 403,
    });
  });
});
