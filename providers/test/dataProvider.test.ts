import { describe, expect, it } from "vitest";
import { createDataProvider } from "../dataProvider";
import { createHttpClient } from "../http";
import { createLoader } from "../loader";
import { fakeTransport, list, ok } from "./transport";

function setup(route: Parameters<typeof fakeTransport>[0]) {
  const { adapter, requests } = fakeTransport(route);
  const provider = createDataProvider(createLoader(createHttpClient({ adapter }), { retryDelayMs: 0 }));
  return { provider, requests };
}

describe("dataProvider", () => {
  it("getList reads data.docs / data.totalDocs and sends page, limit, sort and filters", async () => {
    const { provider, requests } = setup(() => list([{ id: 1 }, { id: 2 }], 42));
    const result = await provider.getList({
      resource: "posts",
      pagination: { currentPage: 3, pageSize: 20 },
      sorters: [
        { field: "created_at", order: "desc" },
        { field: "title", order: "asc" },
      ],
      filters: [
        { field: "q", operator: "contains", value: "club" },
        { field: "type", operator: "eq", value: "life_club" },
        { field: "starts_at", operator: "gte", value: "2026-01-01" },
        { field: "tags", operator: "in", value: ["a", "b"] },
        { field: "empty", operator: "eq", value: "" },
      ],
    });
    expect(result).toEqual({ data: [{ id: 1 }, { id: 2 }], total: 42 });
    expect(requests[0]).toMatchObject({
      method: "GET",
      url: "/api/posts",
      params: { page: 3, limit: 20, sort: "-created_at,title", q: "club", type: "life_club", starts_at__gte: "2026-01-01", tags: "a,b" },
    });
    expect(requests[0].params).not.toHaveProperty("empty");
  });

  it("getOne returns the single doc", async () => {
    const { provider, requests } = setup(() => list([{ id: 5, name: "Viewer" }]));
    await expect(provider.getOne({ resource: "permissions/assignment", id: 5 })).resolves.toEqual({ data: { id: 5, name: "Viewer" } });
    expect(requests[0].url).toBe("/api/permissions/assignment/5");
  });

  it("getOne with zero docs fails with 'Returned data count is not singular'", async () => {
    const { provider } = setup(() => list([]));
    await expect(provider.getOne({ resource: "e1-centers", id: 9 })).rejects.toThrow("Returned data count is not singular");
  });

  it("create POSTs the variables and returns data", async () => {
    const { provider, requests } = setup(() => ok({ id: 10, title: "Hi" }, "Created"));
    await expect(provider.create({ resource: "posts", variables: { title: "Hi" } })).resolves.toEqual({ data: { id: 10, title: "Hi" } });
    expect(requests[0]).toMatchObject({ method: "POST", url: "/api/posts", body: { title: "Hi" } });
  });

  it("update PUTs to /{id} with the id in the body", async () => {
    const { provider, requests } = setup(() => ok({ id: 10, title: "New" }, "Updated"));
    await provider.update({ resource: "posts", id: 10, variables: { title: "New", version: 2 } });
    expect(requests[0]).toMatchObject({ method: "PUT", url: "/api/posts/10", body: { id: 10, title: "New", version: 2 } });
  });

  it("deleteOne DELETEs /{id}", async () => {
    const { provider, requests } = setup(() => ok({ id: 10 }, "Deleted"));
    await expect(provider.deleteOne({ resource: "posts", id: 10 })).resolves.toEqual({ data: { id: 10 } });
    expect(requests[0]).toMatchObject({ method: "DELETE", url: "/api/posts/10" });
  });

  it("custom passes method, payload and query through and returns the envelope", async () => {
    const { provider, requests } = setup(() => ok({ token: "t" }, "Password changed"));
    const result = await provider.custom!({ url: "/api/auth/password", method: "put", payload: { new_password: "x" }, query: { a: 1 } });
    expect(result.data).toMatchObject({ statusCode: 200, data: { token: "t" } });
    expect(requests[0]).toMatchObject({ method: "PUT", url: "/api/auth/password", params: { a: 1 } });
  });
});
