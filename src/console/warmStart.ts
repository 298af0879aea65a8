import { matchPath } from "react-router";
import { parseTableParams, setInitialFilters, setInitialSorters, unionFilters, unionSorters } from "@refinedev/core";
import type { ListView, PermissionKey, ResourceDefinition } from "../../resources/types";
import { toListQuery } from "../../providers/listQuery";
import type { LoaderRequest } from "../../providers/loader";
import { listPageSize, parseSort, presetFilters } from "./resources/listDefaults";

export interface WarmRoute {
  /** Relative to /app. */
  path: string;
  permissionKey: PermissionKey | null;
  preload?: () => Promise<unknown>;
  list?: { definition: ResourceDefinition; view?: ListView };
}

type Prefetch = (request: Pick<LoaderRequest, "url" | "params">) => Promise<unknown> | undefined;

/**
 * The request a list's table makes for its first page, worked out from the URL the way Refine's
 * useTable does (the URL's page, size, order and filters win over the definition's defaults; a
 * view's preset always applies), so a prefetch and the table ask the identical question.
 */
export function firstPageRequest(definition: ResourceDefinition, view: ListView | undefined, search: string): Pick<LoaderRequest, "url" | "params"> {
  const { parsedCurrentPage, parsedPageSize, parsedSorter, parsedFilters } = parseTableParams(search || "?");
  const permanent = presetFilters(view);
  const sorters = parsedSorter.length ? parsedSorter : parseSort(definition.list?.defaultSort);
  const filters = setInitialFilters(permanent, parsedFilters);
  return {
    url: `/api/${definition.name}`,
    params: toListQuery({
      pagination: { currentPage: parsedCurrentPage || 1, pageSize: parsedPageSize || listPageSize(definition) },
      sorters: unionSorters([], setInitialSorters([], sorters)),
      filters: unionFilters(permanent, filters),
    }),
  };
}

/** Static paths before dynamic ones, as the router ranks them. */
const byRank = (a: WarmRoute, b: WarmRoute) => Number(a.path.includes(":")) - Number(b.path.includes(":"));

/** Whether `pathname` can be the route's at all: its path's fixed start matches (cheaper than matching every route). */
const mayMatch = (route: WarmRoute, pathname: string) => pathname.startsWith(`/app/${route.path.split(":")[0]}`);

/**
 * A console page opened by URL (a reload, a link, a bookmark): while the console mounts, its
 * screen's code downloads and its first questions (the gate's permission check, a list's first
 * page) are already on their way, instead of each waiting for the one before. Answers are used
 * only by the identical request the screen then makes; the server checks every one of them.
 */
export function warmStart(routes: readonly WarmRoute[], location: { pathname: string; search: string }, prefetch: Prefetch): WarmRoute | undefined {
  const route = routes
    .filter((r) => mayMatch(r, location.pathname))
    .sort(byRank)
    .find((r) => matchPath({ path: `/app/${r.path}`, end: true }, location.pathname));
  if (!route) return undefined;
  void route.preload?.().catch(() => undefined);
  const { gate, list } = firstRequests(route, location.search);
  // A list is asked for only once its gate has let the user in: a denied page asks for nothing it
  // may not read (every such question would be a 403 in the browser's console).
  const allowed = gate ? prefetch(gate) : Promise.resolve();
  if (list) allowed?.then(() => prefetch(list)).catch(() => undefined);
  return route;
}

type Request = Pick<LoaderRequest, "url" | "params">;

/** What a route's screen asks first, opened at `search`: its gate's permission check and, for a list, its first page. */
export function firstRequests(route: Pick<WarmRoute, "permissionKey" | "list">, search: string): { gate?: Request; list?: Request } {
  return {
    ...(route.permissionKey !== null && { gate: { url: "/api/a/verify/___pc", params: { key: route.permissionKey, mode: "read" } } }),
    ...(route.list && { list: firstPageRequest(route.list.definition, route.list.view, search) }),
  };
}
