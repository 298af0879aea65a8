import { lazy, Suspense, useCallback, useDeferredValue, useMemo, useState, type ReactNode } from "react";
import { scheduleOf } from "../../../resources/types";
import { ScheduleFilter } from "../schedule/ScheduleFilter";
import { getDefaultFilter } from "@refinedev/core";
import { useTable } from "@refinedev/antd";
import { keepPreviousData } from "@tanstack/react-query";
import { Input, Space } from "antd";
import { Link, useNavigate } from "react-router";
import type { ListView, ResourceDefinition } from "../../../resources/types";
import { isSuperadmin, session } from "../../../providers/session";
import { PageTitle } from "../PageTitle";
import type { ApprovalFields } from "../approvals/state";
import { FormDrawer } from "./FormDrawer";
import { useWhenSettled } from "../settled";
import { inTurn, lazyModule } from "./lazyModule";
import { createPath, editsInPage, titleOf, type Row } from "./model";
import { useReturnState } from "./returnTo";
import { isFiltered, listState } from "./listState";
import { listPageSize, parseSort, presetFilters } from "./listDefaults";
import { RangeFilters } from "./RangeFilters";
import { ColumnFilters, SortSelect } from "./CardsToolbar";
import type { ListTableProps } from "./ListTable";
import { ListButtons } from "./ListButtons";
import { scrollWidth, useListColumns } from "./listColumns";
import { Drawn, ListEmpty, ListOutline } from "./ListParts";
import { preloadDeleteConfirm } from "./RowActions";
import { useRowAccess } from "./rowAccess";
import type { ListCards as ListCardsType } from "../layout/ListCards";
import { Panel } from "../layout/Panel";
import { isAtLeast, useAtLeast } from "../layout/useWidth";
import { t } from "../../../providers/i18n";
import "./resourceList.css";
import { ColumnsButton } from "./ColumnsButton";
import { useHiddenColumns } from "./hiddenColumns";

// A desktop shows a table, a phone cards: each is its own chunk, and the one this screen will show
// is fetched as soon as this module runs, beside the list's first data request.
const tableChunk = lazyModule(() => import("./ListTable"));
const cardsChunk = lazyModule(() => import("../layout/ListCards"));
const Table = lazy(() => tableChunk.load()) as unknown as (props: ListTableProps<Row>) => React.ReactNode;
const ListCards = lazy(() => cardsChunk.load().then((m) => ({ default: m.ListCards }))) as unknown as typeof ListCardsType<Row>;
void (isAtLeast("md") ? tableChunk : cardsChunk).load().catch(() => undefined);
// The read-only view (its fields in full, approval state) opens from a title: fetched once the list is idle.
const recordView = lazyModule(() => import("./RecordView"));
const RecordViewDrawer = lazy(() => recordView.load().then((m) => ({ default: m.RecordViewDrawer })));
// A superadmin's choice of center (antd Select): only those working across centers see it.
const CenterSelect = lazy(() => import("./CenterSelect").then((m) => ({ default: m.CenterSelect })));

/** The rows before their first deferred render: still the outline. */
const NOT_DRAWN: Row[] = [];

/** The list of any resource: server-side paging, sorting, filters and search, all kept in the URL. */
export function ResourceList({ definition, view }: { definition: ResourceDefinition; view?: ListView }) {
  const navigate = useNavigate();
  const [editing, setEditing] = useState<"new" | number | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  // The view's drawer is rendered from its first opening on (so it can animate closed).
  const [viewed, setViewed] = useState(false);
  const acrossCenters = definition.scope === "center" && isSuperadmin(session.getUser()) && !session.getCenter();
  const preset = view?.preset ?? {};
  const inPage = editsInPage(definition);

  // A phone gets cards (title, state, the listed fields, actions) where a table would be clipped.
  const wide = useAtLeast("md");
  const {
    tableProps,
    tableQuery,
    sorters,
    setSorters,
    filters,
    setFilters,
    currentPage,
    setCurrentPage,
    pageSize,
    setPageSize,
    createLinkForSyncWithLocation,
  } = useTable<Row>({
    resource: definition.name,
    syncWithLocation: true,
    pagination: { pageSize: listPageSize(definition) },
    sorters: { initial: parseSort(definition.list?.defaultSort) },
    filters: {
      permanent: presetFilters(view),
    },
    // Another page, order or filter keeps the rows on screen under the loading veil until the new
    // ones arrive, instead of the first load's outline (the console's QueryClient is its own, so
    // Refine's default of keeping the previous answer does not apply).
    queryOptions: { placeholderData: keepPreviousData },
  });
  // The search box's text, applied as the `q` filter when searched (Enter, its button, or clearing it), from page 1.
  const [search, setSearch] = useState(() => (getDefaultFilter("q", filters, "contains") as string | undefined) ?? "");
  const onSearch = (value: string) => {
    setFilters([{ field: "q", operator: "contains", value: value || undefined }]);
    setCurrentPage(1);
  };
  // Each page number links to its page's address (to open in a new tab; a click stays in the list):
  // refine's own links keep the address's current page, so the page is set here.
  const pageLink = (page: number, type: string, element: ReactNode) => {
    if (type !== "page" && type !== "prev" && type !== "next") return element;
    const to = createLinkForSyncWithLocation({ pagination: { pageSize, currentPage: page }, sorters, filters }).replace(
      /([?&])currentPage=\d+/,
      `$1currentPage=${page}`,
    );
    return (
      <Link to={to} onClick={(event) => event.preventDefault()}>
        {type === "page" ? page : element}
      </Link>
    );
  };
  // Rows kept from the last page, order or filter are veiled until this one's arrive.
  const loading = Boolean(tableProps.loading) || tableQuery.isPlaceholderData;
  // The rows render in a deferred pass, which React draws in short slices (the page answers a tap
  // meanwhile) rather than in one long task; the outline stays until the first rows are in.
  const rows = useDeferredValue(tableProps.dataSource, NOT_DRAWN);
  const access = useRowAccess(definition, !!definition.approval && !!rows?.some((r) => (r as ApprovalFields).review?.status === "pending"));
  // The first rows wait for what they may do (asked of the session's permissions, a moment):
  // drawn before, every row would be drawn again with its buttons. The answer arrives as an
  // urgent update; the rows it lets through are drawn in the deferred pass, in slices.
  const accessKnown = useDeferredValue(access.known);
  const drawingFirst = rows === NOT_DRAWN || (rows === undefined && tableProps.dataSource !== undefined) || !accessKnown;

  // What a row may open next is fetched once the list has settled: the delete confirmation, the read-only view.
  // The rows are on screen: their data is in and the table's (or cards') code has rendered them.
  const [drawn, setDrawn] = useState(false);
  const hasRows = tableQuery.isFetched && drawn;
  useWhenSettled(hasRows, () => inTurn([preloadDeleteConfirm, recordView.load]));
  // Stable, as the columns that call it are built once per change of what they show.
  const openView = useCallback((id: number) => {
    setViewed(true);
    setViewing(id);
  }, []);

  const returnState = useReturnState();
  const openCreate = () => (inPage ? navigate(createPath(definition, preset)!, { state: returnState }) : setEditing("new"));
  const allColumns = useListColumns(definition, { view, sorters, filters, access, acrossCenters, onEdit: setEditing, onView: openView });
  const [hidden, setHidden] = useHiddenColumns(view?.path ?? definition.name);
  const columns = useMemo(() => allColumns.filter((c) => !hidden.includes(c.key)), [allColumns, hidden]);

  const centerFilter = getDefaultFilter("center_code", filters, "eq") as string | undefined;
  const extra = <ListButtons definition={definition} centerFilter={centerFilter} sorters={sorters} filters={filters} onCreate={openCreate} />;

  const firstLoad = (tableQuery.isLoading && !tableQuery.data) || drawingFirst;
  const emptyText = firstLoad ? (
    <ListOutline />
  ) : (
    <ListEmpty
      definition={definition}
      state={listState({ isError: tableQuery.isError, filtered: isFiltered(filters, preset) })}
      onCreate={openCreate}
      onRetry={() => void tableQuery.refetch()}
      onClear={() => {
        setSearch("");
        setFilters([], "replace");
      }}
    />
  );

  return (
    <>
      <PageTitle extra={extra}>{view?.label ?? definition.labelPlural}</PageTitle>
      <Panel className="resource-list">
        <Space wrap className="resource-list__filters" classNames={{ item: "resource-list__filter" }}>
          <Input.Search
            type="search"
            allowClear
            aria-label={t("resource.search", { labels: definition.labelPlural.toLowerCase() })}
            placeholder={t("resource.search", { labels: definition.labelPlural.toLowerCase() })}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            onSearch={onSearch}
            className="resource-list__search"
          />
          <RangeFilters definition={definition} filters={filters} setFilters={setFilters} ready={hasRows} />
          {scheduleOf(definition) && <ScheduleFilter filters={filters} setFilters={setFilters} />}
          {wide && <ColumnsButton columns={allColumns} titleKey={definition.titleField} hidden={hidden} onChange={setHidden} />}
          {acrossCenters && (
            <Suspense
              fallback={
                <span className="deferred-select list-center-select--waiting" aria-hidden="true">
                  {t("resource.allCenters")}
                </span>
              }
            >
              <CenterSelect
                ariaLabel={t("resource.filterByCenter")}
                placeholder={t("resource.allCenters")}
                className="resource-list__center"
                allowClear
                value={centerFilter ?? null}
                onChange={(code) => setFilters([{ field: "center_code", operator: "eq", value: code ?? undefined }])}
              />
            </Suspense>
          )}
        </Space>
        <Suspense fallback={emptyText}>
          {wide ? (
            <Table
              {...tableProps}
              dataSource={drawingFirst ? undefined : rows}
              rowKey="id"
              columns={columns}
              pagination={tableProps.pagination && { ...tableProps.pagination, itemRender: pageLink }}
              scroll={{ x: scrollWidth(columns, definition.titleField) }}
              // The first page's rows are outlined while it loads (not 'nothing yet' under a spinner).
              loading={firstLoad ? false : loading}
              emptyText={emptyText}
            />
          ) : (
            <ListCards
              rows={drawingFirst ? [] : (rows ?? [])}
              columns={columns}
              titleKey={definition.titleField}
              statusKey="state"
              actionsKey="actions"
              nameOf={(record) => titleOf(definition, record)}
              loading={firstLoad ? false : loading}
              emptyText={emptyText}
              toolbar={
                <div className="list-cards__toolbar">
                  <ColumnFilters
                    columns={columns}
                    onChange={(field, values) => setFilters([{ field, operator: "in", value: values.length > 0 ? values : undefined }])}
                  />
                  <SortSelect columns={columns} sorters={sorters} onChange={(next) => setSorters(next ?? parseSort(definition.list?.defaultSort))} />
                </div>
              }
              pagination={{
                current: currentPage,
                pageSize,
                total: tableQuery.data?.total ?? 0,
                onChange: (page, size) => {
                  setCurrentPage(page);
                  setPageSize(size);
                },
              }}
            />
          )}
          <Drawn onDrawn={() => setDrawn(true)} />
        </Suspense>
      </Panel>
      {!inPage && <FormDrawer definition={definition} editing={editing} onClose={() => setEditing(null)} ready={hasRows} />}
      {viewed && (
        <Suspense fallback={null}>
          <RecordViewDrawer definition={definition} id={viewing} onClose={() => setViewing(null)} />
        </Suspense>
      )}
    </>
  );
}
