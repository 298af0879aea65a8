import type { CrudFilter, CrudSort } from "@refinedev/core";
import type { ListView, ResourceDefinition } from "../../../resources/types";

// What a list shows before the URL says otherwise. The list's table and the console's early
// request for its first page (warmStart.ts) both read them here, so they ask the same question.

/** A list's order: its definition's (`-field` descending, comma-separated), or the newest first. */
export function parseSort(sort: string | undefined): CrudSort[] {
  return (sort ?? "-created_at").split(",").map((s) => (s.startsWith("-") ? { field: s.slice(1), order: "desc" } : { field: s, order: "asc" }));
}

/** The filters a list view always applies (its preset), whatever the URL says. */
export const presetFilters = (view: ListView | undefined): CrudFilter[] =>
  Object.entries(view?.preset ?? {}).map(([field, value]) => ({ field, operator: "eq", value }) as CrudFilter);

/** Rows a page holds unless the URL names another size. */
export const listPageSize = (definition: ResourceDefinition): number => definition.list?.pageSize ?? 10;
