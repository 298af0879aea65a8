import { memo, useMemo, type ReactNode } from "react";
import { List } from "antd";
import { Panel } from "./Panel";
import type { ListColumn } from "../resources/ListTable";

type Keyed = { id: number | string };

/** What a column shows for a record: its render, or the value at its dataIndex. */
function cellOf<T extends Keyed>(column: ListColumn<T>, record: T, index: number): ReactNode {
  const value = column.dataIndex === undefined ? undefined : (record as Record<string, unknown>)[String(column.dataIndex)];
  if (column.render) return column.render(value, record, index) as ReactNode;
  return value === null || value === undefined ? null : String(value);
}

/**
 * A list as cards, for a phone: antd's List of the same columns a table would show, each record
 * one card with its title and status at the top, the other columns as labelled lines, and its
 * actions last. Which column is which comes from their keys; everything else is the table's own.
 */
export function ListCards<T extends Keyed>({
  rows,
  columns,
  titleKey,
  statusKey,
  actionsKey,
  nameOf,
  loading,
  pagination,
  emptyText,
  toolbar,
}: {
  rows: readonly T[];
  columns: ListColumn<T>[];
  titleKey?: string;
  statusKey?: string;
  actionsKey?: string;
  /** The record's name: each card is an article named by it. */
  nameOf: (record: T) => string;
  loading?: boolean;
  pagination?: { current: number; pageSize: number; total: number; onChange: (page: number, pageSize: number) => void };
  emptyText?: ReactNode;
  /** Above the cards (a sort choice: there are no column headers to click). */
  toolbar?: ReactNode;
}) {
  // The same column objects from one render to the next (the list memoises them), so a card whose
  // record has not changed is not drawn again when the list re-renders for something else.
  const parts = useMemo(() => {
    const byKey = new Map(columns.map((c) => [String(c.key), c]));
    return {
      title: titleKey ? byKey.get(titleKey) : undefined,
      status: statusKey ? byKey.get(statusKey) : undefined,
      actions: actionsKey ? byKey.get(actionsKey) : undefined,
      fields: columns.filter((c) => ![titleKey, statusKey, actionsKey].includes(String(c.key))),
    };
  }, [columns, titleKey, statusKey, actionsKey]);
  const paged = pagination && pagination.total > pagination.pageSize ? pagination : undefined;

  return (
    <div className="list-cards">
      {toolbar}
      <List<T>
        split={false}
        dataSource={rows as T[]}
        rowKey={(record) => String(record.id)}
        loading={loading}
        locale={{ emptyText }}
        pagination={
          paged && {
            align: "center",
            size: "small",
            showSizeChanger: false,
            // antd shows the last page when the current one is past it.
            current: Math.min(paged.current, Math.ceil(paged.total / paged.pageSize)),
            pageSize: paged.pageSize,
            total: paged.total,
            onChange: paged.onChange,
          }
        }
        renderItem={(record, index) => (
          <List.Item className="list-cards__item" style={{ padding: "0 0 12px" }}>
            <ListCard record={record} index={index} name={nameOf(record)} {...(parts as CardParts<T>)} />
          </List.Item>
        )}
      />
    </div>
  );
}

interface CardParts<T extends Keyed> {
  title?: ListColumn<T>;
  status?: ListColumn<T>;
  actions?: ListColumn<T>;
  fields: ListColumn<T>[];
}

/** One record's card: its title and status, the other columns as labelled lines, its actions. */
const ListCard = memo(function ListCard<T extends Keyed>({
  record,
  index,
  name,
  title,
  status,
  actions,
  fields,
}: CardParts<T> & { record: T; index: number; name: string }) {
  return (
    <Panel size="small" className="list-card" role="article" aria-label={name}>
      <div className="list-card__head">
        <div className="list-card__title">{title ? cellOf(title, record, index) : name}</div>
        {status && <div className="list-card__status">{cellOf(status, record, index)}</div>}
      </div>
      {fields.length > 0 && (
        <dl className="list-card__fields">
          {fields.map((column) => (
            <div key={String(column.key)} className="list-card__field">
              <dt>{column.title as ReactNode}</dt>
              <dd>{cellOf(column, record, index)}</dd>
            </div>
          ))}
        </dl>
      )}
      {actions && <div className="list-card__actions">{cellOf(actions, record, index)}</div>}
    </Panel>
  );
}) as <T extends Keyed>(props: CardParts<T> & { record: T; index: number; name: string }) => ReactNode;
