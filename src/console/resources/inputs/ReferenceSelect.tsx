import { useSelect } from "@refinedev/antd";
import type { SelectProps } from "antd";
import { resourceByName } from "../../../app/definitions";
import { FormSelect } from "./FormSelect";

/**
 * Picks a record of another resource by its title. What Form.Item hands its control (the id its
 * label points at, aria-*, status) reaches the Select.
 */
export function ReferenceSelect({
  resource,
  value,
  onChange,
  ...rest
}: Omit<SelectProps, "value" | "onChange"> & {
  resource: string;
  value?: number | null;
  onChange?: (value: number | null) => void;
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
  return <FormSelect {...rest} {...(selectProps as SelectProps)} value={value ?? undefined} onChange={(v: number | undefined) => onChange?.(v ?? null)} />;
}
