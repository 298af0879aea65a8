// The range filters' controls (antd DatePicker, InputNumber: ~35 KB gzip), a chunk of their own;
// RangeFilters holds their place until it arrives.
import { DatePicker, InputNumber, Space } from "antd";
import type { Dayjs } from "dayjs";
import type { Field } from "../../../resources/types";
import { dayjs } from "../../lib/dates";
import { formatInputNumber, parseInputNumber } from "../../lib/format";
import { t } from "../../../providers/i18n";

/** Numbers grouped like everywhere else in the console, and read back without the separators. */
const grouped = {
  formatter: (value: unknown, info: { userTyping: boolean; input: string }) =>
    info.userTyping ? info.input : formatInputNumber(value as string | number | undefined),
  parser: (text: string | undefined) => parseInputNumber(text) as unknown as number,
};

/** One field's from–to control; `onChange` gets the filter values (a date as the server compares it). */
export function RangeInput({ field, from, to, onChange }: { field: Field; from: unknown; to: unknown; onChange: (from: unknown, to: unknown) => void }) {
  if (field.type === "number") {
    return (
      <Space.Compact className="range-filter range-filter--number">
        <InputNumber
          aria-label={t("resource.rangeFrom", { label: field.label })}
          placeholder={t("resource.rangeFrom", { label: field.label })}
          value={(from as number | undefined) ?? null}
          onChange={(v) => onChange(v, to)}
          className="range-filter__number"
          {...grouped}
        />
        <InputNumber
          aria-label={t("resource.rangeTo", { label: field.label })}
          placeholder={t("resource.rangeTo", { label: field.label })}
          value={(to as number | undefined) ?? null}
          onChange={(v) => onChange(from, v)}
          className="range-filter__number"
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
      className="range-filter range-filter--date"
      aria-label={field.label}
      placeholder={[t("resource.rangeFrom", { label: field.label }), t("resource.rangeTo", { label: field.label })]}
      value={[from ? dayjs(from as string) : null, to ? dayjs(to as string) : null]}
      allowEmpty={[true, true]}
      format="D MMM YYYY"
      onChange={(range) => onChange(toValue(range?.[0] ?? null, false), toValue(range?.[1] ?? null, true))}
    />
  );
}
