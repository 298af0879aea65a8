import type { CrudFilter, CrudSort } from "@refinedev/core";

export type ListState = "error" | "noResults" | "empty";

const hasValue = (value: unknown) =>
  value !== undefined && value !== null && value !== "" && !(Array.isArray(value) && value.every((v) => v === undefined || v === null || v === ""));

/** Whether the user narrowed the list: a search or a filter with a value, other than the view's own preset. */
export function isFiltered(filters: readonly CrudFilter[], preset: Record<string, unknown> = {}): boolean {
  return filters.some((filter) => "field" in filter && !(filter.field in preset) && hasValue(filter.value));
}

/**
 * What an empty table means: the list could not be loaded (Retry), nothing matches the search or
 * filters (Clear filters), or there is nothing yet (create the first one).
 */
export function listState({ isError, filtered }: { isError: boolean; filtered: boolean }): ListState {
  if (isError) return "error";
  return filtered ? "noResults" : "empty";
}

/**
 * A column's sort order as antd's Table reads it ("ascend" / "descend"), from Refine's sorters
 * ("asc" / "desc"). Refine core's getDefaultSortOrder answers "asc", which antd does not know: the
 * header then showed one order while the URL and the rows kept another.
 */
export function columnSortOrder(field: string, sorters: readonly CrudSort[]): "ascend" | "descend" | null {
  const sorter = sorters.find((s) => s.field === field);
  return sorter ? (sorter.order === "desc" ? "descend" : "ascend") : null;
}
