import { useEffect, useRef, useState } from "react";
import { getDefaultFilter, type CrudFilter, type CrudFilters } from "@refinedev/core";
import { Space } from "antd";
import { CalendarOutlined, SwapRightOutlined } from "@ant-design/icons";
import type { Field, ResourceDefinition } from "../../../resources/types";
import { t } from "../../../providers/i18n";
import { lazyModule, useLazyModule } from "./lazyModule";

type Setter = (filters: CrudFilters, behavior?: "merge" | "replace") => void;

const isRange = (field: Field) => field.filterable && (field.type === "date" || field.type === "datetime" || field.type === "number");

// The pickers are not needed for the first row: fetched once the rows are in (or at once when
// their place is clicked or focused), drawn until then as boxes of the same size. They replace
// those boxes when someone reaches for them or a range is set: mounting antd's RangePicker is a
// long task on a phone, which a list that nobody filters by date need not pay.
const inputs = lazyModule(() => import("./RangeInputs"));

/** From–to filters for the definition's filterable dates and numbers, merged into the list's URL. */
export function RangeFilters({
  definition,
  filters,
  setFilters,
  ready,
}: {
  definition: ResourceDefinition;
  filters: CrudFilters;
  setFilters: Setter;
  ready: boolean;
}) {
  const fields = definition.fields.filter(isRange);
  const [wanted, setWanted] = useState(false);
  const module = useLazyModule(inputs, { now: wanted, ready });
  const ranged = fields.some(
    (field) => getDefaultFilter(field.name, filters, "gte") !== undefined || getDefaultFilter(field.name, filters, "lte") !== undefined,
  );
  const shown = module && (wanted || ranged) ? module : undefined;
  // Focus that reached a placeholder moves on to the control that replaced it.
  const box = useRef<HTMLDivElement>(null);
  const focused = useRef<number | null>(null);
  useEffect(() => {
    if (!shown || focused.current === null) return;
    // Only if it has not gone elsewhere since (the placeholder's going left it on the page's body).
    if (document.activeElement === document.body || document.activeElement === null)
      box.current?.querySelectorAll<HTMLElement>(".range-filter")[focused.current]?.querySelector<HTMLElement>("input")?.focus();
    focused.current = null;
  }, [shown]);
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
    <div ref={box} className="range-filters">
      <Space wrap className="range-filters__row" classNames={{ item: "range-filters__item" }}>
        {fields.map((field, index) => {
          const from = getDefaultFilter(field.name, filters, "gte");
          const to = getDefaultFilter(field.name, filters, "lte");
          if (shown) return <shown.RangeInput key={field.name} field={field} from={from} to={to} onChange={(f, t_) => set(field.name, f, t_)} />;
          const kind = field.type === "number" ? "number" : "date";
          return (
            // A button until its picker is here: reached by Tab or pointer, it fetches the picker,
            // which takes its place and the focus. Named by the words it shows ("Updated from",
            // "Updated to"), so a person who speaks or reads out what they see finds it by them.
            <button
              type="button"
              key={field.name}
              aria-busy={wanted || undefined}
              className={`range-filter range-filter--${kind} range-filter--waiting`}
              onPointerDown={() => setWanted(true)}
              onFocus={() => {
                focused.current = index;
                setWanted(true);
              }}
            >
              <span>{t("resource.rangeFrom", { label: field.label })}</span>
              {/* The date picker's own arrow and calendar, so the stand-in looks like the picker that replaces it. */}
              {kind === "date" && <SwapRightOutlined aria-hidden="true" />}
              <span>{t("resource.rangeTo", { label: field.label })}</span>
              {kind === "date" && <CalendarOutlined aria-hidden="true" />}
            </button>
          );
        })}
      </Space>
    </div>
  );
}
