// A list's columns, from its definition: what each field shows, its sort and filter menu, the
// state, last change and actions columns. The table and the phone's cards both read them.
import { useMemo } from "react";
import { getDefaultFilter, type CrudFilter, type CrudSort } from "@refinedev/core";
import { Link } from "react-router";
import type { ListView, ResourceDefinition } from "../../../resources/types";
import { dayjs } from "../../lib/dates";
import { formatNumber } from "../../lib/format";
import { RecordStateTag } from "../approvals/display";
import type { ApprovalFields } from "../approvals/state";
import { FieldValue } from "./display";
import { HoverTip } from "./HoverTip";
import { columnSortOrder } from "./listState";
import type { ListColumn } from "./ListTable";
import { editPath, listColumns, titleOf, type Row } from "./model";
import { useReturnState } from "./returnTo";
import { RowActions } from "./RowActions";
import type { RowAccess } from "./rowAccess";
import { t } from "../../../providers/i18n";
import { FLEXIBLE_MIN, tableWidth } from "../layout/tableWidth";

/** Widths of columns whose content has a known size; text columns share the rest. */
const COLUMN_WIDTHS: Partial<Record<string, number>> = {
  select: 150,
  boolean: 100,
  number: 110,
  date: 140,
  datetime: 170,
  image: 100,
  email: 200,
  // A role's areas with their modes, one line each ("Content approval: read, create, update").
  permissions: 360,
};
/** Fixed layout needs a width: when the page is narrower the table scrolls under its actions, the title whole. */
export const scrollWidth = (columns: ListColumn<Row>[], titleKey?: string) => tableWidth(columns, titleKey);

/** Room for the row's buttons (24 px, 4 apart): edit, review, history, record actions, delete; and the cell's padding. */
const actionsWidth = (definition: ResourceDefinition) => {
  const buttons =
    1 +
    (definition.approval ? 1 : 0) +
    (definition.history && definition.routes.history ? 1 : 0) +
    (definition.recordActions?.length ?? 0) +
    (definition.noDelete ? 0 : 1);
  // At least the header's word in either language ("Tindakan", bold) beside the cell's padding.
  return Math.max(112, 34 + buttons * 28);
};

interface ColumnOptions {
  view?: ListView;
  sorters: CrudSort[];
  filters: CrudFilter[];
  access: RowAccess;
  /** A superadmin sees every center's records: a column names each one's center. */
  acrossCenters: boolean;
  onEdit: (id: number) => void;
  onView: (id: number) => void;
}

/** The list's columns, built again only when what they show changes (sort, filters, permissions), not on every render. */
export function useListColumns(
  definition: ResourceDefinition,
  { view, sorters, filters, access, acrossCenters, onEdit, onView }: ColumnOptions,
): ListColumn<Row>[] {
  return useMemo(() => {
    const preset = view?.preset ?? {};
    const titleField = definition.titleField;
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
        // The title alone takes what is left: other text columns keep the least and end in an ellipsis.
        width: field.name === titleField ? undefined : (COLUMN_WIDTHS[field.type] ?? FLEXIBLE_MIN),
        render: (value: unknown, record: Row) =>
          field.name === titleField ? (
            <TitleCell definition={definition} record={record} canEdit={access.edit} onEdit={onEdit} onView={onView} />
          ) : (
            <FieldValue field={field} value={value} />
          ),
      }));

    // How many use each record (a role's holders): what keeps it from being deleted, in view.
    if (definition.usage) {
      columns.push({
        key: definition.usage.field,
        dataIndex: definition.usage.field,
        title: definition.usage.label,
        // Room for its label in either language ("Pengguna") on one line.
        width: 120,
        align: "right",
        render: (value: unknown) => formatNumber(value),
      });
    }
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
      render: (_: unknown, record: Row) => <RowActions definition={definition} record={record} access={access} onEdit={onEdit} />,
    });
    return columns;
    // `access` stays the same object while its answers do (useRowAccess); `onEdit` and `onView` are stable.
  }, [definition, view, acrossCenters, sorters, filters, access, onEdit, onView]);
}

/**
 * The record's title opens its form, or its read-only view for those who may not edit it. A long
 * title ends in an ellipsis (CSS: nothing is measured per row); hovering it shows the whole title.
 * Without a page of its own it is a button (it opens a drawer) in the link's colour: antd's
 * Typography.Link would bring Typography's code (~10 KB gzip) before a list's first row.
 */
function TitleCell({
  definition,
  record,
  canEdit,
  onEdit,
  onView,
}: {
  definition: ResourceDefinition;
  record: Row;
  canEdit: boolean;
  onEdit: (id: number) => void;
  onView: (id: number) => void;
}) {
  const title = titleOf(definition, record);
  const edit = editPath(definition, record.id);
  const returnState = useReturnState();
  const text = (
    <HoverTip title={title} whenCut>
      <strong>{title}</strong>
    </HoverTip>
  );
  if (!canEdit) {
    return (
      <button type="button" onClick={() => onView(record.id)} aria-label={t("resource.viewRecord", { title })} className="title-cell title-cell--action">
        {text}
      </button>
    );
  }
  return edit ? (
    <Link to={edit} state={returnState} className="title-cell">
      {text}
    </Link>
  ) : (
    <button type="button" onClick={() => onEdit(record.id)} className="title-cell title-cell--action">
      {text}
    </button>
  );
}
