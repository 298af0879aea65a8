// "Go live at" / "Take down at" on a scheduled type's form: picked and shown in the record's
// center's zone (its abbreviation beside the picker), stored as instants. The server's field
// messages land here through the form's usual setFields (same names).
import { Form } from "antd";
import { DateTimePicker } from "../layout/DateTimePicker";
import { endOfDay, zoneAbbreviation } from "../../../protocol/timeZones";
import { scheduleOf, type ResourceDefinition } from "../../../resources/types";
import { t } from "../../../providers/i18n";
import { dateTimeInZone, fromWallClock, toWallClock, type Dayjs } from "./zoned";

const FORMAT = "D MMM YYYY HH:mm";

/** The take-down the server would default to from the definition's takeDownFrom field's value. */
export function defaultTakeDown(definition: ResourceDefinition, value: unknown, zone: string, now = Date.now()): string | null {
  const from = scheduleOf(definition)?.takeDownFrom;
  const field = definition.fields.find((f) => f.name === from);
  if (!field || typeof value !== "string" || !value) return null;
  const at = field.type === "date" ? endOfDay(value.slice(0, 10), zone) : new Date(value).toISOString();
  return at && new Date(at).getTime() > now ? at : null;
}

function ZonedItem({ name, label, help, zone }: { name: string; label: string; help: string; zone: string }) {
  const abbreviation = zoneAbbreviation(zone);
  return (
    <Form.Item
      name={name}
      label={label}
      extra={help}
      getValueProps={(value: unknown) => ({ value: toWallClock(typeof value === "string" ? value : null, zone) })}
      normalize={(value: Dayjs | null) => fromWallClock(value, zone)}
    >
      <DateTimePicker
        format={FORMAT}
        needConfirm
        placeholder={t("resource.chooseDateTime")}
        allowClear
        // Words, not an icon: in the secondary text colour, which reads at AA (the suffix's own is an icon's grey).
        suffixIcon={
          <span aria-hidden className="text-secondary">
            {abbreviation}
          </span>
        }
        style={{ minWidth: 240 }}
      />
    </Form.Item>
  );
}

export function ScheduleFields({ definition, zone }: { definition: ResourceDefinition; zone: string }) {
  const from = scheduleOf(definition)?.takeDownFrom;
  const fromValue = Form.useWatch(from ?? "__none");
  const fallback = defaultTakeDown(definition, fromValue, zone);
  const fromLabel = definition.fields.find((f) => f.name === from)?.label ?? "";
  const zoneName = `${zone} (${zoneAbbreviation(zone)})`;
  return (
    <>
      <ZonedItem name="go_live_at" label={t("schedule.goLiveAt")} zone={zone} help={t("schedule.goLiveHelp", { zone: zoneName })} />
      <ZonedItem
        name="take_down_at"
        label={t("schedule.takeDownAt")}
        zone={zone}
        help={
          fallback
            ? t("schedule.takeDownDefault", { field: fromLabel.toLowerCase(), at: dateTimeInZone(fallback, zone) })
            : t("schedule.takeDownHelp", { zone: zoneName })
        }
      />
    </>
  );
}
