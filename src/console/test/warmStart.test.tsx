// A page opened by URL starts its first questions early (warmStart); they help only if they are
// the questions the screen then asks. This renders real lists and compares.
import { waitFor } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { requestKey } from "../../../providers/prefetch";
import { list, ok } from "../../../providers/test/transport";
import { CONSOLE_ROUTES } from "../routes";
import { resourceRoutes } from "../resourceRoutes";
import { firstPageRequest, warmStart } from "../warmStart";
import { preloadScreens, renderConsole, TEST_DEFINITIONS } from "./harness";

beforeAll(preloadScreens, 60_000);

const definition = (name: string) => TEST_DEFINITIONS.find((d) => d.name === name)!;

async function firstListRequest(path: string, resource: string) {
  const { requests, unmount } = renderConsole(path, (request) => (request.url === `/api/${resource}` ? list([]) : ok({})));
  await waitFor(() => expect(requests.some((r) => r.method === "GET" && r.url === `/api/${resource}`)).toBe(true));
  unmount();
  const request = requests.find((r) => r.method === "GET" && r.url === `/api/${resource}`)!;
  return requestKey(request);
}

describe("firstPageRequest", () => {
  it("is what a list asks for with nothing in its URL", async () => {
    expect(await firstListRequest("/app/posts", "posts")).toBe(requestKey(firstPageRequest(definition("posts"), undefined, "")));
    expect(await firstListRequest("/app/center-management/center-links", "center-links")).toBe(
      requestKey(firstPageRequest(definition("center-links"), undefined, "")),
    );
  }, 20_000);

  it("takes the page, size, order and filters the URL names", async () => {
    const search =
      "?currentPage=2&pageSize=20&sorters[0][field]=title&sorters[0][order]=asc&filters[0][field]=q&filters[0][operator]=contains&filters[0][value]=open";
    const asked = await firstListRequest(`/app/posts${search}`, "posts");
    expect(asked).toBe(requestKey(firstPageRequest(definition("posts"), undefined, search)));
    expect(asked).toBe("/api/posts?limit=20&page=2&q=open&sort=title");
  });

  it("keeps a view's preset whatever the URL says", async () => {
    const view = definition("posts").views!.find((v) => v.path === "/app/events/life-club")!;
    const search = "?filters[0][field]=status&filters[0][operator]=in&filters[0][value][0]=draft";
    const asked = await firstListRequest(`/app/events/life-club${search}`, "posts");
    expect(asked).toBe(requestKey(firstPageRequest(definition("posts"), view, search)));
    expect(asked).toContain("type=life_club");
  });
});

describe("warmStart", () => {
  const routes = [...CONSOLE_ROUTES, ...resourceRoutes(TEST_DEFINITIONS)];

  it("starts the opened list's code and its gate's check, then its first page once the gate lets the user in", async () => {
    let allow: (value: unknown) => void = () => {};
    const prefetch = vi.fn((request: { url: string }) => (request.url.includes("___pc") ? new Promise((resolve) => (allow = resolve)) : Promise.resolve()));
    const preload = vi.fn(async () => undefined);
    const route = warmStart(
      routes.map((r) => (r.path === "posts" ? { ...r, preload } : r)),
      { pathname: "/app/posts", search: "" },
      prefetch,
    );
    expect(route?.path).toBe("posts");
    expect(preload).toHaveBeenCalledOnce();
    expect(prefetch.mock.calls.map(([request]) => requestKey(request))).toEqual(["/api/a/verify/___pc?key=content_management&mode=read"]);
    allow({ statusCode: 200 });
    await vi.waitFor(() =>
      expect(prefetch.mock.calls.map(([request]) => requestKey(request))).toEqual([
        "/api/a/verify/___pc?key=content_management&mode=read",
        "/api/posts?limit=10&page=1&sort=-created_at",
      ]),
    );
  });

  it("asks nothing more of a list its gate refuses", async () => {
    const prefetch = vi.fn((request: { url: string }) => (request.url.includes("___pc") ? Promise.reject(new Error("403")) : Promise.resolve()));
    warmStart(routes, { pathname: "/app/posts", search: "" }, prefetch);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(prefetch.mock.calls.map(([request]) => request.url)).toEqual(["/api/a/verify/___pc"]);
  });

  it("finds form and history screens, asks nothing for an open page, and nothing for an unknown one", () => {
    const prefetch = vi.fn();
    expect(warmStart(routes, { pathname: "/app/posts/new", search: "" }, prefetch)?.path).toBe("posts/new");
    expect(warmStart(routes, { pathname: "/app/posts/edit/3", search: "" }, prefetch)?.path).toBe("posts/edit/:id");
    expect(warmStart(routes, { pathname: "/app/welcome", search: "" }, prefetch)?.path).toBe("welcome");
    // Two gate checks (the forms'), no list page.
    expect(prefetch.mock.calls.map(([request]) => request.url)).toEqual(["/api/a/verify/___pc", "/api/a/verify/___pc"]);
    expect(warmStart(routes, { pathname: "/app/nowhere", search: "" }, prefetch)).toBeUndefined();
    expect(warmStart(routes, { pathname: "/login", search: "" }, prefetch)).toBeUndefined();
  });

  it("prefers a static path to a dynamic one, as the router does", () => {
    const things = [
      { path: "things/:id", permissionKey: null },
      { path: "things/new", permissionKey: null },
    ];
    expect(warmStart(things, { pathname: "/app/things/new", search: "" }, vi.fn())?.path).toBe("things/new");
    expect(warmStart(things, { pathname: "/app/things/7", search: "" }, vi.fn())?.path).toBe("things/:id");
  });
});
