import type { ReactNode } from "react";
import { Empty, Tag, Typography } from "antd";
import type { Field, ResourceDefinition } from "../../../resources/types";
import { FullValue } from "../resources/display";
import { t } from "../../../providers/i18n";
import { dateTimeInZone, zoneOr } from "../schedule/zoned";
import type { Change, Snapshot } from "./api";
import { wordDiff, type Part } from "./diff";
import "./approvals.css";

const TEXTUAL = new Set(["text", "textarea", "email", "url"]);

/** A scheduled type's changes name its schedule too (not a definition field): the facts above show them in the center's zone. */
const SCHEDULE_FIELDS: Record<string, () => Field> = {
  go_live_at: () => ({ name: "go_live_at", label: t("schedule.goLiveAt"), type: "datetime" }) as Field,
  take_down_at: () => ({ name: "take_down_at", label: t("schedule.takeDownAt"), type: "datetime" }) as Field,
};

/** The fields a person reads: not passwords or other write-once values. */
export const shownFields = (definition: ResourceDefinition): Field[] => definition.fields.filter((f) => !f.createOnly && !("secret" in f && f.secret));

function fieldsFor(definition: ResourceDefinition, changes: Change[]): Field[] {
  const known = shownFields(definition);
  // A changed field the console's definition does not know yet still shows, as text.
  const unknown = changes
    .filter((c) => !definition.fields.some((f) => f.name === c.field))
    .map((c) => (SCHEDULE_FIELDS[c.field]?.() ?? { name: c.field, label: c.field, type: "text" }) as Field);
  return [...known, ...unknown];
}

const isEmpty = (value: unknown) => value === null || value === undefined || value === "" || (Array.isArray(value) && value.length === 0);

/** One part of a diff as one side shows it: the other side's words are left out. */
function DiffText({ part, side }: { part: Part; side: "before" | "after" }) {
  if (part.kind === "same") return <span>{part.text}</span>;
  if (part.kind === "removed" && side === "before") return <del className="diff-removed">{part.text}</del>;
  if (part.kind === "added" && side === "after") return <ins className="diff-added">{part.text}</ins>;
  return null;
}

function TextDiff({ before, after, side }: { before: string; after: string; side: "before" | "after" }) {
  const parts = wordDiff(before, after);
  if (!parts) return <span className="prewrap">{side === "before" ? before : after}</span>;
  return (
    <span className="prewrap">
      {parts.map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a diff's parts have no identity but their place, and are computed anew each time.
        <DiffText key={i} part={part} side={side} />
      ))}
    </span>
  );
}

interface ValueProps {
  field: Field;
  value: unknown;
  other: unknown;
  changed: boolean;
  side: "before" | "after";
  zone: string;
}

function Value({ field, value, other, changed, side, zone }: ValueProps) {
  // A schedule is the center's clock, not the reader's: "3 Dec 09:00 WITA" wherever the browser is.
  if (field.name in SCHEDULE_FIELDS && typeof value === "string" && value) {
    return <span className="nowrap">{dateTimeInZone(value, zone)}</span>;
  }
  if (changed && TEXTUAL.has(field.type) && typeof value === "string" && typeof other === "string" && !isEmpty(value) && !isEmpty(other)) {
    return side === "before" ? <TextDiff before={value} after={other} side="before" /> : <TextDiff before={other} after={value} side="after" />;
  }
  return <FullValue field={field} value={value} />;
}

export interface ComparisonProps {
  definition: ResourceDefinition;
  /** The earlier side (the live version); null: only the later side is shown. */
  before: Snapshot | null;
  after: Snapshot;
  changes: Change[];
  beforeTitle?: ReactNode;
  afterTitle: ReactNode;
  onlyChanged?: boolean;
  /** Label of the comparison for assistive technology. */
  label: string;
  /** The record's center's time zone, in which schedule times are shown. */
  zone?: string | null;
}

/**
 * Two versions field by field, side by side (stacked on narrow screens); changed fields are
 * marked, and inside changed text the removed and added words are.
 */
export function Comparison({ definition, before, after, changes, beforeTitle, afterTitle, onlyChanged, label, zone }: ComparisonProps) {
  const z = zoneOr(zone);
  const changed = new Set(changes.map((c) => c.field));
  const fields = fieldsFor(definition, changes).filter((f) => !onlyChanged || changed.has(f.name));
  const twoSides = before !== null;
  if (fields.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("compare.noChanges")} />;
  }
  const sideValue = (side: "before" | "after", field: string) => {
    const change = changes.find((c) => c.field === field);
    // The change's own values win: a field missing from a snapshot still shows what changed.
    if (change) return change[side];
    return side === "after" ? after[field] : before?.[field];
  };

  // A table laid out as a grid (approvals.css): its rows stack into cards on a narrow screen.
  return (
    <table className={`compare ${twoSides ? "compare--two" : "compare--one"}`} aria-label={label}>
      <thead>
        <tr className="compare__row compare__head">
          <th scope="col" className="compare__label">
            {t("compare.field")}
          </th>
          {twoSides && (
            <th scope="col" className="compare__cell">
              {beforeTitle}
            </th>
          )}
          <th scope="col" className="compare__cell">
            {afterTitle}
          </th>
        </tr>
      </thead>
      <tbody>
        {fields.map((field) => {
          const isChanged = changed.has(field.name);
          const afterValue = sideValue("after", field.name);
          const beforeValue = twoSides ? sideValue("before", field.name) : undefined;
          return (
            <tr key={field.name} className={`compare__row${isChanged ? " compare__row--changed" : ""}`}>
              <th scope="row" className="compare__label">
                <Typography.Text strong>{field.label}</Typography.Text>
                {isChanged && (
                  <Tag color="gold" className="compare__flag">
                    {t("compare.changed")}
                  </Tag>
                )}
              </th>
              {twoSides && (
                <td className="compare__cell compare__cell--before">
                  <span className="compare__side">{beforeTitle}</span>
                  <Value field={field} value={beforeValue} other={afterValue} changed={isChanged} side="before" zone={z} />
                </td>
              )}
              <td className="compare__cell compare__cell--after">
                {twoSides && <span className="compare__side">{afterTitle}</span>}
                <Value field={field} value={afterValue} other={beforeValue} changed={isChanged} side="after" zone={z} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
