import { useList } from "@refinedev/core";
import { Select } from "antd";
import type { CenterRef } from "../../../protocol/api";

/** The centers a superadmin works across (GET /api/e1-centers). */
export function CenterSelect({
  value,
  onChange,
  allowClear,
  placeholder,
  id,
  ariaLabel,
  className,
}: {
  value?: string | null;
  onChange?: (value: string | null) => void;
  allowClear?: boolean;
  placeholder?: string;
  id?: string;
  ariaLabel?: string;
  className?: string;
}) {
  const { result, query } = useList<CenterRef>({
    resource: "e1-centers",
    pagination: { mode: "off" },
  });
  return (
    <Select
      id={id}
      aria-label={ariaLabel}
      className={className}
      style={{ minWidth: 200 }}
      value={value ?? undefined}
      placeholder={placeholder}
      allowClear={allowClear}
      loading={query.isLoading}
      options={(result?.data ?? []).map((c) => ({ value: c.center_code, label: c.center_web_name }))}
      onChange={(v?: string) => onChange?.(v ?? null)}
    />
  );
}
