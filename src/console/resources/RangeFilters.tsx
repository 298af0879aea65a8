import { useEffect, useRef, useState } from "react";
import { getDefaultFilter, type CrudFilter, type CrudFilters } from "@refinedev/core";
import { Space } from "antd";
import type { Field, ResourceDefinition } from "../../../resources/types";
import { t } from "../../../providers/i18n";
import { lazyModule, useLazyModule } from "./lazyModule";

type Setter = (filters: CrudFilters, behavior?: "merge" | "replace") => void;

const isRange = (field: Field) => field.filterable && (field.type === "date" || field.type === "datetime" || field.type === "number");

// The pickers are not needed for the first row: fetched once the rows are in (or at once when
// their place is clicked or focused), drawn meanwhile as boxes of the same size.
const inputs = lazyModule(() => import("./RangeInputs"));

// The date picker's arrow and calendar (antd's SwapRightOutlined and CalendarOutlined), drawn in
// the stand-in so it looks like the picker that replaces it.
const ARROW = "M873.1 596.2l-164-208A32 32 0 00684 376h-64.8c-6.7 0-10.4 7.7-6.3 13l144.3 183H152c-4.4 0-8 3.6-8 8v60c0 4.4 3.6 8 8 8h695.9c26.8 0 41.7-30.8 25.2-51.8z";
const CALENDAR =
  "M880 184H712v-64c0-4.4-3.6-8-8-8h-56c-4.4 0-8 3.6-8 8v64H384v-64c0-4.4-3.6-8-8-8h-56c-4.4 0-8 3.6-8 8v64H144c-17.7 0-32 14.3-32 32v664c0 17.7 14.3 32 32 32h736c17.7 0 32-14.3 32-32V216c0-17.7-14.3-32-32-32zm-40 656H184V460h656v380zM184 392V256h128v48c0 4.4 3.6 8 8 8h56c4.4 0 8-3.6 8-8v-48h256v48c0 4.4 3.6 8 8 8h56c4.4 0 8-3.6 8-8v-48h128v136H184z";
const Glyph = ({ box, path }: { box: string; path: string }) => (
  <svg className="range-filter__glyph" viewBox={box} aria-hidden="true" focusable="false">
    <path d={path} />
  </svg>
);

/** From–to filters for the definition's filterable dates and numbers, merged into the list's URL. */
export function RangeFilters({ definition, filters, setFilters, ready }: { definition: ResourceDefinition; filters: CrudFilters; setFilters: Setter; ready: boolean }) {
  const fields = definition.fields.filter(isRange);
  const [wanted, setWanted] = useState(false);
  const module = useLazyModule(inputs, { now: wanted, ready });
  // Focus that reached a placeholder moves on to the control that replaced it.
  const box = useRef<HTMLDivElement>(null);
  const focused = useRef<number | null>(null);
  useEffect(() => {
    if (!module || focused.current === null) return;
    // Only if it has not gone elsewhere since (the placeholder's going left it on the page's body).
    if (document.activeElement === document.body || document.activeElement === null) box.current?.querySelectorAll<HTMLElement>(".range-filter")[focused.current]?.querySelector<HTMLElement>("input")?.focus();
    focused.current = null;
  }, [module]);
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
      <Space wrap>
        {fields.map((field, index) => {
          const from = getDefaultFilter(field.name, filters, "gte");
          const to = getDefaultFilter(field.name, filters, "lte");
          if (module) return <module.RangeInput key={field.name} field={field} from={from} to={to} onChange={(f, t_) => set(field.name, f, t_)} />;
          const kind = field.type === "number" ? "number" : "date";
          return (
            <div
              key={field.name}
              role="group"
              aria-label={field.label}
              aria-busy="true"
              tabIndex={0}
              className={`range-filter range-filter--${kind} range-filter--waiting`}
              onPointerDown={() => setWanted(true)}
              onFocus={() => {
                focused.current = index;
                setWanted(true);
              }}
            >
              <span>{t("resource.rangeFrom", { label: field.label })}</span>
              {kind === "date" && <Glyph box="0 0 1024 1024" path={ARROW} />}
              <span>{t("resource.rangeTo", { label: field.label })}</span>
              {kind === "date" && <Glyph box="64 64 896 896" path={CALENDAR} />}
            </div>
          );
        })}
      </Space>
    </div>
  );
}
