import type { CrudFilter, CrudSort, Pagination } from "@refinedev/core";

/**
 * Refine's list parameters → the API's query string:
 * page/limit, sort=-field,field, q for search, field=value, field__gte / field__lte for ranges,
 * comma-separated values for "in".
 */
export function toListQuery({
  pagination,
  sorters,
  filters,
}: {
  pagination?: Pagination;
  sorters?: CrudSort[];
  filters?: CrudFilter[];
}): Record<string, string | number> {
  const query: Record<string, string | number> = {};
  if (pagination?.mode !== "off") {
    query.page = pagination?.currentPage ?? 1;
    query.limit = pagination?.pageSize ?? 10;
  } else {
    query.limit = 100;
  }
  if (sorters?.length) {
    query.sort = sorters.map((s) => (s.order === "desc" ? `-${s.field}` : s.field)).join(",");
  }
  for (const filter of filters ?? []) {
    if (!("field" in filter)) continue;
    const { field, operator, value } = filter;
    if (value === undefined || value === null || value === "" || (Array.isArray(value) && !value.length)) continue;
    if (field === "q") query.q = String(value);
    else if (operator === "eq") query[field] = String(value);
    else if (operator === "in") query[field] = (value as unknown[]).join(",");
    else if (operator === "contains") query[`${field}__contains`] = String(value);
    else if (operator === "gte" || operator === "lte") query[`${field}__${operator}`] = String(value);
    else if (operator === "between" && Array.isArray(value)) {
      if (value[0] != null) query[`${field}__gte`] = String(value[0]);
      if (value[1] != null) query[`${field}__lte`] = String(value[1]);
    }
  }
  return query;
}
