import { Checkbox, Table } from "antd";
import { MODES, PERMISSION_KEYS, type Mode, type PermissionKey } from "../../../../resources/types";
import { t, tOf } from "../../../../providers/i18n";

export type PermissionRow = { permission_key: PermissionKey } & Record<`allow_${Mode}`, number>;

const complete = (value: PermissionRow[] | null | undefined): PermissionRow[] =>
  PERMISSION_KEYS.map(
    (key) =>
      value?.find((p) => p.permission_key === key) ?? {
        permission_key: key,
        allow_read: 0,
        allow_create: 0,
        allow_update: 0,
        allow_delete: 0,
      },
  );

/** A role's five keys × read / create / update / delete. */
export function PermissionsMatrix({ value, onChange }: { value?: PermissionRow[] | null; onChange?: (value: PermissionRow[]) => void }) {
  const rows = complete(value);
  const toggle = (key: PermissionKey, mode: Mode, on: boolean) =>
    onChange?.(
      rows.map((row) => {
        if (row.permission_key !== key) return row;
        const next = { ...row, [`allow_${mode}`]: on ? 1 : 0 };
        // Writing without reading makes no sense: a write grant implies read, and no read clears writes.
        if (on && mode !== "read") next.allow_read = 1;
        if (!on && mode === "read") for (const m of MODES) next[`allow_${m}`] = 0;
        return next;
      }),
    );

  return (
    <Table<PermissionRow>
      size="small"
      pagination={false}
      rowKey="permission_key"
      dataSource={rows}
      columns={[
        { title: t("permissionsMatrix.area"), dataIndex: "permission_key", render: (key: string) => tOf("permissionKeys", key) },
        ...MODES.map((mode) => ({
          title: t(`permissionsMatrix.${mode}`),
          key: mode,
          align: "center" as const,
          render: (_: unknown, row: PermissionRow) => (
            <Checkbox
              aria-label={t("permissionsMatrix.cell", { area: tOf("permissionKeys", row.permission_key), mode })}
              checked={Number(row[`allow_${mode}`]) === 1}
              onChange={(e) => toggle(row.permission_key, mode, e.target.checked)}
            />
          ),
        })),
      ]}
    />
  );
}
