// A phone's cards have no column headers: their sort and column filters are choices above them.
import type { CrudSort } from "@refinedev/core";
import { DeferredSelect } from "../DeferredSelect";
import type { ListColumn } from "./ListTable";
import type { Row } from "./model";
import { t } from "../../../providers/i18n";

/** On a phone there are no column headers to click: the sortable columns, each way, in one choice. */
export function SortSelect({
  columns,
  sorters,
  onChange,
}: {
  columns: ListColumn<Row>[];
  sorters: CrudSort[];
  onChange: (sorters: CrudSort[] | undefined) => void;
}) {
  const sortable = columns.filter((c) => c.sorter && "dataIndex" in c);
  if (sortable.length === 0) return null;
  const current = sorters[0];
  const options = sortable.flatMap((c) => {
    const field = String((c as { dataIndex: unknown }).dataIndex);
    const label = String(c.title);
    return [
      { value: `${field}:asc`, label: t("resource.sortAscending", { label }) },
      { value: `${field}:desc`, label: t("resource.sortDescending", { label }) },
    ];
  });
  const value = current && options.some((o) => o.value === `${current.field}:${current.order}`) ? `${current.field}:${current.order}` : undefined;
  return (
    <DeferredSelect
      className="list-cards__sort"
      shown={options.find((o) => o.value === value)?.label ?? t("resource.sortBy")}
      aria-label={t("resource.sortBy")}
      placeholder={t("resource.sortBy")}
      allowClear
      value={value}
      options={options}
      onChange={(next?: string) => {
        if (!next) return onChange(undefined);
        const [field, order] = next.split(":");
        onChange([{ field, order: order as "asc" | "desc" }]);
      }}
    />
  );
}

/** On a phone the columns' filters (a select's options, yes / no) are choices above the cards. */
export function ColumnFilters({ columns, onChange }: { columns: ListColumn<Row>[]; onChange: (field: string, values: unknown[]) => void }) {
  const filterable = columns.filter((c) => c.filters && "dataIndex" in c);
  // Options carry their value as JSON: a yes / no filter's values are booleans.
  const encode = (value: unknown) => JSON.stringify(value);
  return (
    <>
      {filterable.map((c) => {
        const field = String((c as { dataIndex: unknown }).dataIndex);
        const multiple = c.filterMultiple !== false;
        const selected = ((c.filteredValue ?? []) as unknown[]).map(encode);
        const options = (c.filters ?? []).map((f) => ({ value: encode(f.value), label: f.text as string }));
        const shown = options.filter((o) => selected.includes(o.value)).map((o) => o.label);
        return (
          <DeferredSelect
            key={field}
            className={selected.length > 0 ? "list-cards__filter" : "list-cards__filter list-cards__filter--empty"}
            shown={shown.length > 0 ? shown.join(", ") : String(c.title)}
            aria-label={String(c.title)}
            placeholder={String(c.title)}
            allowClear
            mode={multiple ? "multiple" : undefined}
            value={(multiple ? selected : selected[0]) as string}
            options={options}
            onChange={(next: string | string[] | undefined) =>
              onChange(
                field,
                (next === undefined || next === null ? [] : Array.isArray(next) ? next : [next]).map((v) => JSON.parse(v) as unknown),
              )
            }
          />
        );
      })}
    </>
  );
}
