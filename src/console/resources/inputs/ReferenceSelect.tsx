import { useSelect } from "@refinedev/antd";
import { Select } from "antd";
import { resourceByName } from "../../../app/definitions";

/** Picks a record of another resource by its title. */
export function ReferenceSelect({
  resource,
  value,
  onChange,
  allowClear,
}: {
  resource: string;
  value?: number | null;
  onChange?: (value: number | null) => void;
  allowClear?: boolean;
}) {
  const definition = resourceByName(resource);
  const { selectProps } = useSelect({
    resource,
    optionLabel: (definition?.titleField ?? "id") as never,
    optionValue: "id" as never,
    defaultValue: value ?? undefined,
    onSearch: (q) => [{ field: "q", operator: "contains", value: q }],
    pagination: { pageSize: 20, mode: "server" },
  });
  return <Select {...(selectProps as object)} value={value ?? undefined} onChange={(v: number | undefined) => onChange?.(v ?? null)} allowClear={allowClear} />;
}
