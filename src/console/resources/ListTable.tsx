// A list's table on a desktop: antd's Table, in a chunk of its own (a phone shows cards and never
// needs it). Sorting, the columns' filter menus, the pager and the loading veil are antd's.
import type { ReactNode } from "react";
import { Table, type TableColumnType, type TableProps } from "antd";

/** A list's column: antd Table's column (also what a phone's cards read). */
export type ListColumn<T> = TableColumnType<T> & { key: string };

export interface ListTableProps<T> extends Omit<TableProps<T>, "columns" | "locale"> {
  columns: ListColumn<T>[];
  /** Shown in place of rows when there are none. */
  emptyText: ReactNode;
}

export default function ListTable<T extends object>({ emptyText, ...props }: ListTableProps<T>) {
  return <Table<T> {...props} locale={{ emptyText }} />;
}
