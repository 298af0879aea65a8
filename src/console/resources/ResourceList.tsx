import { lazy, Suspense, useDeferredValue, useEffect, useMemo, useState } from "react";
import { CanAccess, getDefaultFilter, useCan } from "@refinedev/core";
import { keepPreviousData } from "@tanstack/react-query";
import { Button, Space, theme } from "antd";
import { HistoryOutlined, PlusOutlined } from "@ant-design/icons";
import { Link, useNavigate } from "react-router";
import type { ListView, ResourceDefinition } from "../../../resources/types";
import { isSuperadmin, session } from "../../../providers/session";
import { dayjs } from "../../lib/dates";
import { PageTitle } from "../PageTitle";
import { ExportButton } from "./ExportButton";
import { RecordStateTag } from "../approvals/display";
import type { ApprovalFields } from "../approvals/state";
import { FieldValue } from "./display";
import { FormDrawer } from "./FormDrawer";
import { HoverTip } from "./HoverTip";
import { inTurn, lazyModule, useWhenSettled } from "./lazyModule";
import { centerHistoryPath, createPath, editPath, editsInPage, listColumns, titleOf, type Row } from "./model";
import { columnSortOrder, isFiltered, listState, type ListState } from "./listState";
import { listPageSize, parseSort, presetFilters } from "./listDefaults";
import { RangeFilters } from "./RangeFilters";
import { ListSearch } from "./ListSearch";
import { ColumnFilters, SortSelect } from "./CardsToolbar";
import type { ListColumn, ListTableProps } from "./ListTable";
import { preloadDeleteConfirm, RowActions } from "./RowActions";
import { useRowAccess } from "./rowAccess";
import { useListTable } from "./useListTable";
import type { ListCards as ListCardsType } from "../layout/ListCards";
import { Panel } from "../layout/Panel";
import { Skeleton } from "../layout/Placeholders";
import { isAtLeast, useAtLeast } from "../layout/useWidth";
import { EmptyState, preloadEmptyState } from "./EmptyState";
import { t } from "../../../providers/i18n";
import "./resourceList.css";

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

/** Widths of columns whose content has a known size; text columns share the rest. */
const COLUMN_WIDTHS: Partial<Record<string, number>> = {
  select: 150,
  boolean: 100,
  number: 110,
  date: 140,
  datetime: 170,
  image: 100,
  email: 200,
};
/** The least a text column gets: at 1440 px a list's columns fit beside the sidebar, cut text ending in an ellipsis. */
const FLEXIBLE_MIN = 130;

/** Room for the row's buttons (24 px, 4 apart): edit, review, history, record actions, delete; and the cell's padding. */
const actionsWidth = (definition: ResourceDefinition) => {
  const buttons =
    1 + (definition.approval ? 1 : 0) + (definition.history && definition.routes.history ? 1 : 0) + (definition.recordActions?.length ?? 0) + (definition.noDelete ? 0 : 1);
  return Math.max(100, 34 + buttons * 28);
};

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
  const { tableProps, tableQuery, searchProps, clearSearch, sorters, setSorters, filters, setFilters, currentPage, setCurrentPage, pageSize, setPageSize } = useListTable<Row>({
    searchField: "q",
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
  useWhenSettled(hasRows, () => inTurn([preloadDeleteConfirm, recordView.load, preloadEmptyState]));
  const openView = (id: number) => {
    setViewed(true);
    setViewing(id);
  };

  const openCreate = () => (inPage ? navigate(createPath(definition, preset)!) : setEditing("new"));
  const titleField = definition.titleField;

  // Built again only when what they show changes (sort, filters, permissions), not on every render.
  const columns = useMemo(() => {
  const columns: ListColumn<Row>[] = listColumns(definition)
    .filter((field) => !(field.name in preset))
    .map((field) => ({
      key: field.name,
      dataIndex: field.name,
      title: field.label,
      // One column at a time: antd cycles ascending → descending → none, and the new order replaces the last.
      sorter: field.sortable ? true : undefined,
      sortOrder: field.sortable ? columnSortOrder(field.name, sorters) : undefined,
      ...(field.filterable && field.type === "select"
        ? {
            filters: field.options.map((o) => ({ text: o.label, value: o.value })),
            filteredValue: (getDefaultFilter(field.name, filters, "in") as string[] | undefined) ?? null,
          }
        : {}),
      ...(field.filterable && field.type === "boolean"
        ? {
            filters: [
              { text: t("resource.yes"), value: true },
              { text: t("resource.no"), value: false },
            ],
            filterMultiple: false,
            filteredValue: (getDefaultFilter(field.name, filters, "in") as boolean[] | undefined) ?? null,
          }
        : {}),
      ellipsis: field.type === "text" || field.type === "textarea" || field.type === "url",
      width: field.name === titleField ? undefined : COLUMN_WIDTHS[field.type],
      render: (value: unknown, record: Row) =>
        field.name === titleField ? (
          <TitleCell definition={definition} record={record} canEdit={access.edit} onEdit={setEditing} onView={openView} />
        ) : (
          <FieldValue field={field} value={value} />
        ),
    }));

  if (acrossCenters) {
    columns.push({ key: "center_web_name", dataIndex: "center_web_name", title: t("resource.center"), ellipsis: true, width: 130 });
  }
  // Wide enough for the longest English state ('Live · deletion pending'); a longer one wraps.
  if (definition.approval) {
    columns.push({
      key: "state",
      dataIndex: "status",
      title: t("recordState.label"),
      width: 190,
      render: (_: unknown, record: Row) => <RecordStateTag record={record as ApprovalFields} />,
    });
  }
  if (definition.engine !== "custom") {
    columns.push({
      key: "updated_at",
      dataIndex: "updated_at",
      width: 130,
      // Its tooltip gives the whole date and who; a long relative time ends in an ellipsis.
      ellipsis: true,
      title: t("resource.updated"),
      sorter: true,
      sortOrder: columnSortOrder("updated_at", sorters),
      render: (value: string, record: Row) => (
        <HoverTip
          title={
            record.updated_by_name
              ? t("resource.updatedBy", { when: dayjs(value).format("D MMM YYYY HH:mm"), name: record.updated_by_name })
              : dayjs(value).format("D MMM YYYY HH:mm")
          }
          className="nowrap"
        >
          {dayjs(value).fromNow()}
        </HoverTip>
      ),
    });
  }
  columns.push({
    key: "actions",
    title: t("resource.actions"),
    width: actionsWidth(definition),
    // A list wider than the page scrolls under its actions, which stay in view at its right edge.
    fixed: "right",
    render: (_: unknown, record: Row) => <RowActions definition={definition} record={record} access={access} onEdit={setEditing} />,
  });
  return columns;
  // `openView` and the setters do not change; `preset` follows the view.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [definition, view?.path, acrossCenters, sorters, filters, access.edit, access.review, access.delete, JSON.stringify(access.actions)]);

  const centerFilter = getDefaultFilter("center_code", filters, "eq") as string | undefined;
  // Every version of every record of a center: the selected center's, or the one a superadmin filters by.
  const historyCenter = session.getCenter()?.code ?? centerFilter;
  const centerHistory = historyCenter ? centerHistoryPath(definition, historyCenter) : undefined;
  // The title's buttons wait, unseen but in their place, until every one of them is known: none
  // appears late and pushes the others aside.
  const canCreate = useCan({ resource: definition.name, action: "create" });
  const canReview = useCan({ action: "list", params: { permissionKey: "approval_management" }, queryOptions: { enabled: !!centerHistory } });
  const buttonsPending = canCreate.isLoading || (!!centerHistory && canReview.isLoading);
  const createButton = (canCreate.isLoading || canCreate.data?.can) && (
    <Button type="primary" icon={<PlusOutlined />} onClick={openCreate}>
      {t("resource.new", { label: definition.label.toLowerCase() })}
    </Button>
  );
  const extra = (
    <Space wrap className={buttonsPending ? "is-pending" : undefined} aria-hidden={buttonsPending || undefined}>
      {centerHistory && (canReview.isLoading || canReview.data?.can) && (
        <Link to={centerHistory}>
          <Button icon={<HistoryOutlined />}>{t("history.centerHistoryButton")}</Button>
        </Link>
      )}
      {/* The documents engine exports any of its lists; custom ones (users, roles) have no export. */}
      {definition.engine !== "custom" && <ExportButton definition={definition} sorters={sorters} filters={filters} />}
      {createButton}
    </Space>
  );

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
        clearSearch();
        setFilters([], "replace");
      }}
    />
  );

  return (
    <>
      <PageTitle extra={extra}>{view?.label ?? definition.labelPlural}</PageTitle>
      <Panel className="resource-list">
        <Space wrap className="resource-list__filters">
          <ListSearch
            aria-label={t("resource.search", { labels: definition.labelPlural.toLowerCase() })}
            placeholder={t("resource.search", { labels: definition.labelPlural.toLowerCase() })}
            {...searchProps}
            className="resource-list__search"
          />
          <RangeFilters definition={definition} filters={filters} setFilters={setFilters} ready={hasRows} />
          {acrossCenters && (
            <Suspense fallback={<span className="deferred-select list-center-select--waiting" aria-hidden="true">{t("resource.allCenters")}</span>}>
              <CenterSelect
                ariaLabel={t("resource.filterByCenter")}
                placeholder={t("resource.allCenters")}
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
            // Fixed layout needs a width: text columns share what the sized ones leave, down to a minimum.
            scroll={{ x: columns.reduce((sum, c) => sum + (typeof c.width === "number" ? c.width : FLEXIBLE_MIN), 0) }}
            // The first page's rows are outlined while it loads (not 'nothing yet' under a spinner).
            loading={firstLoad ? false : tableProps.loading}
            emptyText={emptyText}
            ready={hasRows}
          />
        ) : (
          <ListCards
            rows={drawingFirst ? [] : (rows ?? [])}
            columns={columns}
            titleKey={titleField}
            statusKey="state"
            actionsKey="actions"
            nameOf={(record) => titleOf(definition, record)}
            loading={firstLoad ? false : Boolean(tableProps.loading)}
            emptyText={emptyText}
            toolbar={
              <div className="list-cards__toolbar">
                <ColumnFilters columns={columns} onChange={(field, values) => setFilters([{ field, operator: "in", value: values.length > 0 ? values : undefined }])} />
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

/**
 * The rows' outline while the first page loads: antd's active Skeleton paragraph (five bars, the
 * last shorter), as the page outline draws it.
 */
function ListOutline() {
  return <Skeleton rows={5} title={false} className="list-skeleton" />;
}

/** Tells, once, that what its Suspense boundary held back (the table or the cards) is on screen. */
function Drawn({ onDrawn }: { onDrawn: () => void }) {
  useEffect(onDrawn, []); // eslint-disable-line react-hooks/exhaustive-deps
  return null;
}

/** An empty table says why: nothing yet (create), nothing matches (clear filters), or it did not load (retry). */
function ListEmpty({ definition, state, onCreate, onRetry, onClear }: {
  definition: ResourceDefinition;
  state: ListState;
  onCreate: () => void;
  onRetry: () => void;
  onClear: () => void;
}) {
  const labels = definition.labelPlural.toLowerCase();
  if (state === "error") {
    return (
      <EmptyState simple description={<span role="alert">{t("resource.loadListFailed", { labels })}</span>}>
        <Button type="primary" onClick={onRetry}>{t("resource.retry")}</Button>
      </EmptyState>
    );
  }
  if (state === "noResults") {
    return (
      <EmptyState simple description={t("resource.noResults", { labels })}>
        <Button onClick={onClear}>{t("resource.clearFilters")}</Button>
      </EmptyState>
    );
  }
  return (
    <EmptyState description={t("resource.empty", { labels })}>
      <CanAccess resource={definition.name} action="create">
        <Button type="primary" onClick={onCreate}>
          {t("resource.createFirst")}
        </Button>
      </CanAccess>
    </EmptyState>
  );
}

/**
 * The record's title opens its form, or its read-only view for those who may not edit it. A long
 * title ends in an ellipsis (CSS: nothing is measured per row); hovering it shows the whole title.
 */
function TitleCell({ definition, record, canEdit, onEdit, onView }: {
  definition: ResourceDefinition;
  record: Row;
  canEdit: boolean;
  onEdit: (id: number) => void;
  onView: (id: number) => void;
}) {
  const title = titleOf(definition, record);
  const edit = editPath(definition, record.id);
  const text = (
    <HoverTip title={title} whenCut>
      <strong>{title}</strong>
    </HoverTip>
  );
  if (!canEdit) {
    return (
      <TextLink onClick={() => onView(record.id)} aria-label={t("resource.viewRecord", { title })} className="title-cell">
        {text}
      </TextLink>
    );
  }
  return edit ? (
    <Link to={edit} className="title-cell">
      {text}
    </Link>
  ) : (
    <TextLink onClick={() => onEdit(record.id)} className="title-cell">
      {text}
    </TextLink>
  );
}

/** antd's Typography.Link as it draws (an `a` with its class), without Typography's code. */
function TextLink({ className, ...props }: { onClick: () => void; className: string; "aria-label"?: string; children: React.ReactNode }) {
  const { hashId } = theme.useToken();
  return <a {...props} className={`ant-typography ${hashId} ${className}`} />;
}
