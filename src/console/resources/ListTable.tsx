// A list's table on a desktop, a chunk of its own (a phone shows cards and never needs it). It is
// rc-table, the table antd's Table draws with, under antd's class names and css hash, so antd's
// table styles (in the built stylesheet) give it antd's look; around it, what antd's Table adds
// that a list uses: sortable headers (one column at a time), the columns' filter menus, the pager
// and the loading veil. antd's Table brings its column-filter dropdown (Tree, Menu, Checkbox,
// Radio, Dropdown), its selection column and its Pagination's Select along, ~75 KB gzip before a
// list's first row; here a filter menu's code arrives once the rows are drawn (or when opened).
import { useContext, useState, type KeyboardEvent, type ReactNode } from "react";
import RcTable, { type ColumnType as RcColumn } from "rc-table";
import { ConfigProvider, theme } from "antd";
import enUS from "antd/es/locale/en_US";
import { CaretDownOutlined, CaretUpOutlined, FilterFilled } from "@ant-design/icons";
import { HoverTip } from "./HoverTip";
import { ListPagination, type PageItemRender } from "./ListPagination";
import { LoadingVeil } from "./LoadingVeil";
import { lazyModule, useLazyModule } from "./lazyModule";

const PREFIX = "ant-table";

export type SortOrder = "ascend" | "descend";
type FilterKey = string | number | boolean;

/** A list's column: antd Table's column props, the part of them a list uses (also what a phone's cards read). */
export interface ListColumn<T> {
  key: string;
  dataIndex?: string;
  title: ReactNode;
  width?: number;
  /** Cut text ends in an ellipsis (fixed layout; the cell's title gives the rest). */
  ellipsis?: boolean;
  fixed?: "left" | "right";
  render?: (value: any, record: T, index: number) => ReactNode; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** Sortable (by the server): a click on its header cycles ascending → descending → none. */
  sorter?: boolean;
  sortOrder?: SortOrder | null;
  /** The choices of its filter menu. */
  filters?: { text: ReactNode; value: FilterKey }[];
  /** false: one choice (radio buttons); otherwise several. */
  filterMultiple?: boolean;
  filteredValue?: FilterKey[] | null;
}

/** A change's sort, as antd's Table reports it: the column and its order (none once cleared). */
export interface TableSorter {
  columnKey?: string;
  field?: string;
  order?: SortOrder;
}
/** A change's column filters, as antd's Table reports them: every filterable column's values, or null. */
export type TableFilters = Record<string, FilterKey[] | null>;
export interface TablePage {
  current: number;
  pageSize: number;
}

export interface ListTableProps<T> {
  columns: ListColumn<T>[];
  dataSource?: readonly T[];
  rowKey: string;
  scroll?: { x: number };
  loading?: boolean;
  /** Shown in place of rows when there are none. */
  emptyText?: ReactNode;
  pagination: { current: number; pageSize: number; total?: number; itemRender?: PageItemRender } | false;
  /** A sort, filter or page change, with the whole state after it (antd Table's `onChange`). */
  onChange: (page: TablePage, filters: TableFilters, sorter: TableSorter) => void;
  /** The rows are drawn: the filter menus' code is fetched when the page is idle. */
  ready?: boolean;
}

type Named = Pick<ListColumn<never>, "key" | "dataIndex" | "filters">;
const keyOf = (column: Named) => String(column.key ?? column.dataIndex);
const optionValues = (column: Named) => (column.filters ?? []).map((f) => f.value as FilterKey);
/** Chosen keys (strings, as a menu holds them) back to the options' values (a yes / no filter's are booleans). */
const valuesOf = (column: Named, keys: string[]) => optionValues(column).filter((value) => keys.includes(String(value)));

// The filter menu (antd Dropdown, Menu, Checkbox, Radio): fetched once the rows are drawn and the
// page is idle, or at once when a filter button is pointed at or clicked.
const filterMenus = lazyModule(() => import("./ColumnFilterMenu"));

export default function ListTable<T extends object>({ columns, dataSource, rowKey, scroll, loading, emptyText, pagination, onChange, ready = true }: ListTableProps<T>) {
  const { hashId } = theme.useToken();
  const { locale } = useContext(ConfigProvider.ConfigContext);
  const words = { ...enUS.Table, ...locale?.Table };
  const rows = dataSource ?? [];

  const total = pagination ? (pagination.total ?? rows.length) : rows.length;
  const pageSize = pagination ? pagination.pageSize : rows.length;
  // antd shows the last page when the current one is past it.
  const current = pagination ? Math.max(1, Math.min(pagination.current, Math.ceil(total / pageSize) || 1)) : 1;

  const filterState = (): TableFilters =>
    Object.fromEntries(columns.filter((c) => c.filters).map((c) => [keyOf(c), c.filteredValue ? valuesOf(c, c.filteredValue.map(String)) : null]));
  const sorted = columns.find((c) => c.sorter && c.sortOrder);
  // With no column sorted antd still names the keys (their values undefined); with no sortable column, none.
  const sorterState = (): TableSorter =>
    sorted
      ? { columnKey: keyOf(sorted), field: String(sorted.dataIndex), order: sorted.sortOrder! }
      : columns.some((c) => c.sorter)
        ? { columnKey: undefined, field: undefined, order: undefined }
        : {};

  const sortBy = (column: ListColumn<T>, order: SortOrder | undefined) =>
    onChange(
      { current, pageSize },
      filterState(),
      order ? { columnKey: keyOf(column), field: String(column.dataIndex), order } : { columnKey: undefined, field: undefined, order: undefined },
    );
  // A filter starts again from page 1.
  const filterBy = (column: ListColumn<T>, keys: string[] | null) =>
    onChange({ current: 1, pageSize }, { ...filterState(), [keyOf(column)]: keys ? valuesOf(column, keys) : null }, sorterState());

  const rcColumns = columns.map((column): RcColumn<T> => {
    let title: ReactNode = column.title as ReactNode;
    let onHeaderCell: RcColumn<T>["onHeaderCell"];
    const order = column.sorter ? (column.sortOrder ?? undefined) : undefined;
    if (column.sorter) {
      // ascending → descending → none
      const next: SortOrder | undefined = order === undefined ? "ascend" : order === "ascend" ? "descend" : undefined;
      const label = String(column.title ?? "");
      title = (
        // antd's Table hints what a click does; HoverTip makes that tooltip (and loads its code) on hover.
        <HoverTip className="list-table__sort-tip" title={next === "descend" ? words.triggerDesc : next === "ascend" ? words.triggerAsc : words.cancelSort}>
          <div className={`${PREFIX}-column-sorters`}>
            <span className={`${PREFIX}-column-title`}>{title}</span>
            <span className={`${PREFIX}-column-sorter ${PREFIX}-column-sorter-full`}>
              <span className={`${PREFIX}-column-sorter-inner`} aria-hidden="true">
                <CaretUpOutlined className={`${PREFIX}-column-sorter-up${order === "ascend" ? " active" : ""}`} />
                <CaretDownOutlined className={`${PREFIX}-column-sorter-down${order === "descend" ? " active" : ""}`} />
              </span>
            </span>
          </div>
        </HoverTip>
      );
      onHeaderCell = () => ({
        onClick: () => sortBy(column, next),
        onKeyDown: (event: KeyboardEvent) => {
          if (event.key === "Enter") sortBy(column, next);
        },
        // The sorted column, for a screen reader; the header's name is its title alone.
        ...(order ? { "aria-sort": order === "ascend" ? "ascending" : "descending" } : {}),
        "aria-label": label,
        className: `${PREFIX}-column-has-sorters`,
        tabIndex: 0,
        ...(column.ellipsis ? { title: label } : {}),
      });
    }
    if (column.filters) {
      title = (
        <div className={`${PREFIX}-filter-column`}>
          <span className={`${PREFIX}-column-title`}>{title}</span>
          <ColumnFilter column={column} words={words} ready={ready} onFilter={(keys) => filterBy(column, keys)} />
        </div>
      );
    }
    return {
      key: keyOf(column),
      dataIndex: column.dataIndex,
      title,
      width: column.width,
      ellipsis: column.ellipsis,
      fixed: column.fixed,
      render: column.render,
      className: order ? `${PREFIX}-column-sort` : undefined,
      onHeaderCell,
    };
  });

  return (
    <div className={`${PREFIX}-wrapper ${hashId}`}>
      <LoadingVeil spinning={!!loading}>
        <RcTable<T>
          prefixCls={PREFIX}
          className={rows.length === 0 ? `${PREFIX}-empty ${hashId}` : hashId}
          columns={rcColumns}
          data={rows}
          rowKey={rowKey}
          scroll={scroll}
          // While the first rows of a new question load, antd shows its veil alone.
          emptyText={loading && !dataSource ? null : emptyText}
        />
        {pagination && total > 0 && (
          <ListPagination
            className={`${PREFIX}-pagination`}
            align="end"
            current={current}
            pageSize={pageSize}
            total={total}
            itemRender={pagination.itemRender}
            onChange={(page, size) => onChange({ current: page, pageSize: size }, filterState(), sorterState())}
          />
        )}
      </LoadingVeil>
    </div>
  );
}

type TableWords = NonNullable<typeof enUS.Table>;

/**
 * A column's filter button. Its menu's code comes once the page is idle after the rows, or when
 * the button is pointed at or clicked; a click before it is here opens the menu when it arrives.
 */
function ColumnFilter<T>({ column, words, ready, onFilter }: { column: ListColumn<T>; words: TableWords; ready: boolean; onFilter: (keys: string[] | null) => void }) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const menus = useLazyModule(filterMenus, { now: wanted, ready });
  const selected = (column.filteredValue ?? []).map(String);
  const button = (
    <span
      role="button"
      tabIndex={-1}
      className={`ant-dropdown-trigger ${PREFIX}-filter-trigger${selected.length > 0 ? " active" : ""}`}
      // Not a click on the header (which sorts).
      onClick={(event) => {
        event.stopPropagation();
        if (!menus) {
          setWanted(true);
          setOpen(true);
        }
      }}
      onPointerEnter={menus ? undefined : () => setWanted(true)}
    >
      <FilterFilled />
    </span>
  );
  if (!menus) return button;
  return (
    <menus.ColumnFilterMenu
      open={open}
      onOpenChange={setOpen}
      options={(column.filters ?? []).map((f) => ({ key: String(f.value), text: f.text }))}
      multiple={column.filterMultiple !== false}
      selected={selected}
      onFilter={onFilter}
      words={{ reset: words.filterReset ?? "Reset", confirm: words.filterConfirm ?? "OK" }}
    >
      {button}
    </menus.ColumnFilterMenu>
  );
}
