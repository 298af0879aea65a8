// A scheduled type's list filter: what waits to go live, or what comes down within the week
// (the server's schedule=scheduled / schedule=expiring).
import { Select } from "antd";
import { getDefaultFilter, type CrudFilter } from "@refinedev/core";
import { t } from "../../../providers/i18n";

export function ScheduleFilter({ filters, setFilters }: { filters: CrudFilter[]; setFilters: (filters: CrudFilter[]) => void }) {
  const value = getDefaultFilter("schedule", filters, "eq") as string | undefined;
  return (
    <Select
      aria-label={t("schedule.filter")}
      placeholder={t("schedule.filter")}
      allowClear
      className="resource-list__schedule"
      style={{ minWidth: 180 }}
      value={value ?? null}
      options={[
        { value: "scheduled", label: t("schedule.filterScheduled") },
        { value: "expiring", label: t("schedule.filterExpiring") },
      ]}
      onChange={(next: string | null) => setFilters([{ field: "schedule", operator: "eq", value: next ?? undefined }])}
    />
  );
}
