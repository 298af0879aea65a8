// The drawer a figure opens: the rows behind it a page at a time, oldest first (the facts behind a
// day, the content behind a month). Another figure opens at its first page.
import { useState } from "react";
import { Alert, Drawer, Table, type TableColumnsType } from "antd";
import { t } from "../../../providers/i18n";

/** The page shown of `drill`'s list: the first whenever another figure is opened. */
export function useDrillPage<D>(drill: D | null): [number, (page: number) => void] {
  const [shown, setShown] = useState<{ drill: D | null; page: number }>({ drill, page: 1 });
  return [shown.drill === drill ? shown.page : 1, (page) => setShown({ drill, page })];
}

export interface ListDrawerProps<T> {
  open: boolean;
  title: string;
  onClose: () => void;
  /** The page's answer, as the query has it. */
  list: { data?: { total: number; limit: number }; isLoading: boolean; isError: boolean };
  rows: T[];
  page: number;
  onPage: (page: number) => void;
  rowKey: (row: T) => string;
  columns: TableColumnsType<T>;
  /** The table's scroll width: its content's (the default), or a width it wraps within. */
  scrollX?: number | "max-content";
}

export function ListDrawer<T extends object>({ open, title, onClose, list, rows, page, onPage, rowKey, columns, scrollX = "max-content" }: ListDrawerProps<T>) {
  return (
    <Drawer open={open} onClose={onClose} title={title} width="min(720px, 100vw)" destroyOnHidden>
      {list.isError && <Alert type="error" showIcon message={t("reports.loadFailed")} />}
      <Table<T>
        size="small"
        loading={list.isLoading}
        dataSource={rows}
        rowKey={rowKey}
        pagination={{
          current: page,
          pageSize: list.data?.limit,
          total: list.data?.total ?? 0,
          showSizeChanger: false,
          hideOnSinglePage: true,
          onChange: onPage,
        }}
        locale={{ emptyText: t("reports.drill.empty") }}
        scroll={{ x: scrollX }}
        columns={columns}
      />
    </Drawer>
  );
}
