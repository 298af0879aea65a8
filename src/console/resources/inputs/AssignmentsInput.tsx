import { useRef } from "react";
import { useList } from "@refinedev/core";
import { Button, Select, Space, Typography } from "antd";
import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import type { CenterRef, RoleDoc } from "../../../../protocol/api";
import { t } from "../../../../providers/i18n";

export interface Assignment {
  center_code: string;
  role_id: number;
}

/** A user's centers, each with one role (the user-permission-set editor). */
export function AssignmentsInput({ value, onChange }: { value?: Assignment[] | null; onChange?: (value: Assignment[]) => void }) {
  const rows = value ?? [];
  const { result: centers } = useList<CenterRef>({ resource: "e1-centers", pagination: { mode: "off" } });
  const { result: roles } = useList<RoleDoc>({ resource: "roles", pagination: { pageSize: 100 } });
  const used = new Set(rows.map((r) => r.center_code));
  // A row has no id (its center may change): each gets a key when it appears, which stays with it
  // when a row above it is removed (an index would hand the removed row's selects to the next one).
  const keys = useRef<number[]>([]);
  const lastKey = useRef(0);
  while (keys.current.length < rows.length) keys.current.push(++lastKey.current);
  keys.current.length = rows.length;

  const update = (index: number, patch: Partial<Assignment>) => onChange?.(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  const remove = (index: number) => {
    if (!onChange) return;
    keys.current.splice(index, 1);
    onChange(rows.filter((_, i) => i !== index));
  };
  const free = (centers?.data ?? []).find((c) => !used.has(c.center_code));

  return (
    <Space direction="vertical" style={{ width: "100%" }} className="assignments">
      {rows.length === 0 && <Typography.Text type="secondary">{t("assignments.none")}</Typography.Text>}
      {rows.map((row, index) => (
        <Space key={keys.current[index]} wrap>
          <Select
            aria-label={t("assignments.center", { n: index + 1 })}
            className="assignments__center"
            value={row.center_code || undefined}
            placeholder={t("assignments.centerPlaceholder")}
            options={(centers?.data ?? []).map((c) => ({
              value: c.center_code,
              label: c.center_web_name,
              disabled: used.has(c.center_code) && c.center_code !== row.center_code,
            }))}
            onChange={(center_code) => update(index, { center_code })}
          />
          <Select
            aria-label={t("assignments.role", { n: index + 1 })}
            className="assignments__role"
            value={row.role_id || undefined}
            placeholder={t("assignments.rolePlaceholder")}
            options={(roles?.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
            onChange={(role_id) => update(index, { role_id })}
          />
          <Button icon={<DeleteOutlined />} aria-label={t("assignments.remove", { n: index + 1 })} onClick={() => remove(index)} />
        </Space>
      ))}
      <Button
        icon={<PlusOutlined />}
        disabled={!free}
        // No role is chosen for the new center: the first in the list is the widest, and a
        // half-filled form must not grant it. Saving without one is refused beside the field.
        onClick={() => onChange?.([...rows, { center_code: free?.center_code ?? "", role_id: 0 }])}
      >
        {t("assignments.add")}
      </Button>
    </Space>
  );
}
