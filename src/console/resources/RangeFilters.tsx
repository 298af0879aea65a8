import { getDefaultFilter, type CrudFilter, type CrudFilters } from "@refinedev/core";
import { DatePicker, InputNumber, Space } from "antd";
import type { Dayjs } from "dayjs";
import type { Field, ResourceDefinition } from "../../../resources/types";
import { dayjs } from "../../lib/dates";
import { formatInputNumber, parseInputNumber } from "../../lib/format";
import { t } from "../../../providers/i18n";

/** Numbers grouped like everywhere else in the console, and read back without the separators. */
const grouped = {
  formatter: (value: unknown, info: { userTyping: boolean; input: string }) => (info.userTyping ? info.input : formatInputNumber(value as string | number | undefined)),
  parser: (text: string | undefined) => parseInputNumber(text) as unknown as number,
};

type Setter = (filters: CrudFilters, behavior?: "merge" | "replace") => void;

const isRange = (field: Field) => field.filterable && (field.type === "date" || field.type === "datetime" || field.type === "number");

/** From–to filters for the definition's filterable dates and numbers, merged into the list's URL. */
export function RangeFilters({ definition, filters, setFilters }: { definition: ResourceDefinition; filters: CrudFilters; setFilters: Setter }) {
  const fields = definition.fields.filter(isRange);
  if (fields.length === 0) return null;

  const set = (field: string, from: unknown, to: unknown) =>
    setFilters(
      [
        { field, operator: "gte", value: from ?? undefined },
        { field, operator: "lte", value: to ?? undefined },
      ] as CrudFilter[],
      "merge",
    );

  return (
    <Space wrap>
      {fields.map((field) => {
        const from = getDefaultFilter(field.name, filters, "gte");
        const to = getDefaultFilter(field.name, filters, "lte");
        if (field.type === "number") {
          return (
            <Space.Compact key={field.name}>
              <InputNumber
                aria-label={t("resource.rangeFrom", { label: field.label })}
                placeholder={t("resource.rangeFrom", { label: field.label })}
                value={from ?? null}
                onChange={(v) => set(field.name, v, to)}
                {...grouped}
              />
              <InputNumber
                aria-label={t("resource.rangeTo", { label: field.label })}
                placeholder={t("resource.rangeTo", { label: field.label })}
                value={to ?? null}
                onChange={(v) => set(field.name, from, v)}
                {...grouped}
              />
            </Space.Compact>
          );
        }
        // Dates compare as days; a datetime range covers the whole of its last day.
        const toValue = (d: Dayjs | null, end: boolean) =>
          !d ? undefined : field.type === "date" ? d.format("YYYY-MM-DD") : (end ? d.endOf("day") : d.startOf("day")).toISOString();
        return (
          <DatePicker.RangePicker
            key={field.name}
            aria-label={field.label}
            placeholder={[t("resource.rangeFrom", { label: field.label }), t("resource.rangeTo", { label: field.label })]}
            value={[from ? dayjs(from) : null, to ? dayjs(to) : null]}
            allowEmpty={[true, true]}
            format="D MMM YYYY"
            onChange={(range) => set(field.name, toValue(range?.[0] ?? null, false), toValue(range?.[1] ?? null, true))}
          />
        );
      })}
    </Space>
  );
}
