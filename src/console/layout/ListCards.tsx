import type { ReactNode } from "react";
import { List } from "antd";
import { Panel } from "./Panel";
import type { ColumnsType, ColumnType } from "antd/es/table";

type Keyed = { id: number | string };

/** What a column shows for a record: its render, or the value at its dataIndex. */
function cellOf<T extends Keyed>(column: ColumnType<T>, record: T, index: number): ReactNode {
  const value = column.dataIndex === undefined ? undefined : (record as Record<string, unknown>)[String(column.dataIndex)];
  if (column.render) return column.render(value, record, index) as ReactNode;
  return value === null || value === undefined ? null : String(value);
}

/**
 * A list as cards, for a phone: the same columns a table would show, each record one card with
 * its title and status at the top, the other columns as labelled lines, and its actions last.
 * Which column is which comes from their keys; everything else is the table's own definition.
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
  columns: ColumnsType<T>;
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
  const byKey = new Map(columns.map((c) => [String(c.key), c as ColumnType<T>]));
  const title = titleKey ? byKey.get(titleKey) : undefined;
  const status = statusKey ? byKey.get(statusKey) : undefined;
  const actions = actionsKey ? byKey.get(actionsKey) : undefined;
  const fields = columns.filter((c) => ![titleKey, statusKey, actionsKey].includes(String(c.key))) as ColumnType<T>[];

  return (
    <div className="list-cards">
      {toolbar}
      <List<T>
        dataSource={rows as T[]}
        rowKey={(record) => String(record.id)}
        loading={loading}
        locale={{ emptyText }}
        pagination={
          pagination && pagination.total > pagination.pageSize
            ? { ...pagination, align: "center", showSizeChanger: false, size: "small" }
            : false
        }
        renderItem={(record, index) => {
          return (
            <List.Item className="list-cards__item">
              <Panel size="small" className="list-card" role="article" aria-label={nameOf(record)}>
                <div className="list-card__head">
                  <div className="list-card__title">
                    {title ? cellOf(title, record, index) : nameOf(record)}
                  </div>
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
            </List.Item>
          );
        }}
      />
    </div>
  );
}
