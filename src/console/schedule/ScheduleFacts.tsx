// The schedule a change proposes, on its approval page: when it goes live and comes down, in the
// center's zone, with the approved times it would replace. Approving approves these.
import type { ReactNode } from "react";
import { Typography } from "antd";
import type { Schedule } from "../../../protocol/api";
import { t } from "../../../providers/i18n";
import { dateTimeInZone, zoneOr } from "./zoned";

interface Props {
  proposed: Schedule;
  approved: Schedule | null;
  zone: string | null | undefined;
  Fact: (props: { label: string; children: ReactNode }) => ReactNode;
}

export function ScheduleFacts({ proposed, approved, zone, Fact }: Props) {
  const z = zoneOr(zone);
  const show = (at: string | null, empty: string) => (at ? dateTimeInZone(at, z) : empty);
  const row = (key: keyof Schedule, label: string, empty: string) => {
    const before = approved?.[key] ?? null;
    return (
      <Fact label={label}>
        {show(proposed[key], empty)}
        {before && before !== proposed[key] && (
          <Typography.Text type="secondary"> ({t("schedule.replaces", { at: dateTimeInZone(before, z) })})</Typography.Text>
        )}
      </Fact>
    );
  };
  return (
    <>
      {row("go_live_at", t("schedule.goLiveAt"), t("schedule.onApproval"))}
      {row("take_down_at", t("schedule.takeDownAt"), t("schedule.notSet"))}
    </>
  );
}
