import { Tag } from "antd";
import { Link } from "react-router";
import type { WeekOnCalendar } from "../../../protocol/dashboard";
import { t } from "../../../providers/i18n";
import { resourceByName } from "../../app/definitions";
import { editPath } from "../resources/model";

import { whenIn } from "./age";
import { Block, Entries, Entry } from "./Block";
import { CountLink } from "./Count";

const WEEK = "/app/calendar?view=week";

/** This week at the center: how much goes live and comes down (each opening the calendar's week), and what is still to come. */
export function WeekBlock({ week, zone }: { week: WeekOnCalendar; zone: string }) {
  return (
    <Block title={t("dashboard.week.title")}>
      <div className="dashboard__counts">
        <CountLink to={WEEK} title={t("dashboard.week.goingLive")} value={week.going_live} />
        <CountLink to={WEEK} title={t("dashboard.week.comingDown")} value={week.coming_down} />
      </div>
      {week.upcoming.length === 0 ? (
        <p className="text-secondary dashboard__none">{t("dashboard.week.none")}</p>
      ) : (
        <>
          <p className="text-secondary dashboard__none">{t("dashboard.week.upcoming")}</p>
          <Entries>
            {week.upcoming.map((entry) => {
              const definition = resourceByName(entry.resource);
              const path = definition && editPath(definition, entry.record_id);
              return (
                <Entry key={`${entry.resource}-${entry.record_id}-${entry.transition}-${entry.at}`}>
                  {path ? <Link to={path}>{entry.title}</Link> : entry.title}
                  <div className="text-secondary">
                    <Tag color={entry.transition === "live" ? "green" : "default"}>
                      {t(entry.transition === "live" ? "calendar.goesLive" : "calendar.comesDown")}
                    </Tag>
                    {whenIn(entry.at, zone)} · {entry.resource_label}
                  </div>
                </Entry>
              );
            })}
          </Entries>
        </>
      )}
    </Block>
  );
}
