// A list's table state: @refinedev/core's useTable (paging, sorting, filters, all in the URL) with
// the list's table (ListTable: antd Table's changes, on rc-table) wired to it. @refinedev/antd's
// useTable does the same, but it also builds a search Form (antd Form, rc-field-form,
// sunflower-antd: ~25 KB gzip) that a list's one search box does not need; its mapping of the
// table's changes is kept here as it was.
import { Children, createElement, Fragment, useState, type ReactElement, type ReactNode } from "react";
import { Link } from "react-router";
import { getDefaultFilter, useLiveMode, useTable, type BaseRecord, type CrudFilter, type CrudFilters, type CrudSort, type HttpError, type useTableProps } from "@refinedev/core";
import type { ListTableProps, TableFilters, TableSorter } from "./ListTable";
import type { PageItemRender } from "./ListPagination";

type Sorter = TableSorter | TableSorter[];

/** A column's sort, as refine names it (antd says "ascend" / "descend"). */
export function sortersOf(sorter: Sorter): CrudSort[] {
  const list = (Array.isArray(sorter) ? sorter : [sorter]).filter((s) => s.field && s.order);
  return list.map((s) => ({
    field: String(s.columnKey ?? s.field),
    order: s.order!.replace("end", "") as "asc" | "desc",
  }));
}

/** The table's column filters as refine filters: each keeps the operator it had, else `in` for a list of values. */
export function filtersOf(tableFilters: TableFilters, previous: CrudFilters, initial: CrudFilters = []): CrudFilters {
  const operatorOf = (filters: CrudFilters, field: string) =>
    filters.find((f) => f.operator !== "or" && f.operator !== "and" && "field" in f && f.field === field)?.operator;
  return Object.entries(tableFilters).flatMap(([field, value]) => {
    const operator = operatorOf(previous, field) ?? operatorOf(initial, field);
    if (operator === "or" || operator === "and") return [];
    return [{ field, operator: operator ?? (Array.isArray(value) ? "in" : "eq"), value } as CrudFilter];
  });
}

const jumpChildren = (element: ReactNode) => {
  const children = (element as ReactElement<{ children?: ReactNode }> | null)?.props?.children;
  return Children.count(children) > 1 ? createElement(Fragment, {}, children) : children;
};

/**
 * The list's table: its rows, its changes (sort, column filters, page) and a search text that is
 * applied as the `q` filter when searched (Enter or the search button), from page 1.
 */
export function useListTable<T extends BaseRecord>(props: useTableProps<T, HttpError, T> & { searchField: string }) {
  const { searchField, ...tableOptions } = props;
  const table = useTable<T, HttpError, T>(tableOptions);
  const { tableQuery, filters, setFilters, setSorters, setCurrentPage, setPageSize, currentPage, pageSize } = table;
  const [search, setSearch] = useState(() => (getDefaultFilter(searchField, filters, "contains") as string | undefined) ?? "");

  const onChange: ListTableProps<T>["onChange"] = (pagination, tableFilters, sorter) => {
    if (Object.keys(tableFilters).length > 0) setFilters(filtersOf(tableFilters, filters, props.filters?.initial));
    if (sorter && Object.keys(sorter).length > 0) setSorters(sortersOf(sorter));
    setCurrentPage(pagination.current || 1);
    setPageSize(pagination.pageSize || 10);
  };

  const liveMode = useLiveMode(tableOptions.liveMode);
  // Each page number is a link to that page's address (it opens in a new tab); a click stays in the list.
  const itemRender: PageItemRender = (page, type, element) => {
    if (type !== "page" && type !== "prev" && type !== "next" && type !== "jump-prev" && type !== "jump-next") return element;
    // refine keeps the address's own currentPage over the one asked for: the page is set here.
    const to = table
      .createLinkForSyncWithLocation({ pagination: { pageSize, currentPage: page }, sorters: table.sorters, filters })
      .replace(/([?&])currentPage=\d+/, `$1currentPage=${page}`);
    const children = type === "page" ? String(page) : type.startsWith("jump") ? jumpChildren(element) : element;
    return createElement(Link, { to, onClick: (e: { preventDefault: () => void }) => e.preventDefault() }, children);
  };
  const tableProps = {
    dataSource: tableQuery.data?.data,
    // Rows kept from the last page, order or filter are veiled until this one's arrive; a live
    // refresh of the rows on screen is not.
    loading: tableQuery.isPlaceholderData || (liveMode === "auto" ? tableQuery.isLoading : !tableQuery.isFetched),
    onChange,
    pagination: { current: currentPage, pageSize, total: tableQuery.data?.total, itemRender },
  } satisfies Partial<ListTableProps<T>>;

  const searchProps = {
    value: search,
    onChange: (event: { target: { value: string } }) => setSearch(event.target.value),
    onSearch: (value: string) => {
      setFilters([{ field: searchField, operator: "contains", value: value || undefined }]);
      setCurrentPage(1);
    },
  };
  return { ...table, tableProps, searchProps, clearSearch: () => setSearch("") };
}
