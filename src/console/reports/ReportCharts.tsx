// The reports' charts (recharts: this module is imported by the reports page alone, so the chart
// library is in that page's chunk and no other screen's). Each point opens the list behind it:
// a bar its own kind of fact, a day of the times chart that day's first responses, a month's bar
// the content it counts.
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { theme } from "antd";
import type { ContentKind, ReportData, ReportFactKind } from "../../../protocol/reports";
import { t } from "../../../providers/i18n";
import { dayLabel, minutes, monthLabel } from "./format";

export interface DrillRequest {
  kind: ReportFactKind;
  day: string;
  outcome?: "approved" | "rejected";
}

/** A month's content figure. */
export interface ContentRequest {
  kind: ContentKind;
  month: string;
}

const HEIGHT = 240;
const clickable = { cursor: "pointer" } as const;

function ChartFigure({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <figure className="report-chart">
      <figcaption className="report-chart__title">{title}</figcaption>
      <ResponsiveContainer width="100%" height={HEIGHT}>
        {children as React.ReactElement}
      </ResponsiveContainer>
    </figure>
  );
}

export default function ReportCharts({
  data,
  onDrill,
  onContent,
}: {
  data: ReportData;
  onDrill: (request: DrillRequest) => void;
  onContent: (request: ContentRequest) => void;
}) {
  const { token } = theme.useToken();
  const axis = { stroke: token.colorTextSecondary, fontSize: token.fontSizeSM };
  const grid = <CartesianGrid stroke={token.colorBorderSecondary} vertical={false} />;
  const days = data.days.map((d) => ({
    ...d,
    label: dayLabel(d.day),
    first_reply_median_min: minutes(d.first_reply_median),
    first_reply_p90_min: minutes(d.first_reply_p90),
  }));
  const at = (index: number) => days[index]?.day;
  const drill = (kind: ReportFactKind, outcome?: "approved" | "rejected") => (_: unknown, index: number) => {
    const day = at(index);
    if (day) onDrill({ kind, day, outcome });
  };
  const month = (kind: ContentKind) => (_: unknown, index: number) => {
    const which = data.months[index]?.month;
    if (which) onContent({ kind, month: which });
  };
  const tooltip = (
    <Tooltip
      contentStyle={{ background: token.colorBgElevated, border: `1px solid ${token.colorBorder}`, color: token.colorText }}
      cursor={{ fill: token.colorFillTertiary }}
    />
  );

  return (
    <div className="report-charts">
      <ChartFigure title={t("reports.charts.conversations")}>
        <BarChart data={days} aria-label={t("reports.charts.conversations")}>
          {grid}
          <XAxis dataKey="label" tick={axis} />
          <YAxis allowDecimals={false} tick={axis} width={32} />
          {tooltip}
          <Legend />
          <Bar dataKey="conversations" name={t("reports.figures.conversations")} fill={token.colorPrimary} style={clickable} onClick={drill("conversation")} />
          <Bar dataKey="resolutions" name={t("reports.figures.resolutions")} fill={token.colorSuccess} style={clickable} onClick={drill("resolution")} />
        </BarChart>
      </ChartFigure>
      <ChartFigure title={t("reports.charts.times")}>
        <LineChart
          data={days}
          aria-label={t("reports.charts.times")}
          style={clickable}
          onClick={(state) => {
            const day = state.activeIndex === undefined ? undefined : at(Number(state.activeIndex));
            if (day) onDrill({ kind: "first_reply", day });
          }}
        >
          {grid}
          <XAxis dataKey="label" tick={axis} />
          <YAxis tick={axis} width={40} />
          {tooltip}
          <Legend />
          <Line dataKey="first_reply_median_min" name={t("reports.figures.median")} stroke={token.colorPrimary} strokeWidth={2} dot={{ r: 3 }} />
          <Line dataKey="first_reply_p90_min" name={t("reports.figures.p90")} stroke={token.colorWarning} strokeWidth={2} dot={{ r: 3 }} />
        </LineChart>
      </ChartFigure>
      <ChartFigure title={t("reports.charts.approvals")}>
        <BarChart data={days} aria-label={t("reports.charts.approvals")}>
          {grid}
          <XAxis dataKey="label" tick={axis} />
          <YAxis allowDecimals={false} tick={axis} width={32} />
          {tooltip}
          <Legend />
          <Bar
            dataKey="approved"
            stackId="d"
            name={t("reports.figures.approved")}
            fill={token.colorSuccess}
            style={clickable}
            onClick={drill("decision", "approved")}
          />
          <Bar
            dataKey="rejected"
            stackId="d"
            name={t("reports.figures.rejected")}
            fill={token.colorError}
            style={clickable}
            onClick={drill("decision", "rejected")}
          />
        </BarChart>
      </ChartFigure>
      <ChartFigure title={t("reports.charts.content")}>
        <BarChart data={data.months.map((m) => ({ ...m, label: monthLabel(m.month) }))} aria-label={t("reports.charts.content")}>
          {grid}
          <XAxis dataKey="label" tick={axis} />
          <YAxis allowDecimals={false} tick={axis} width={32} />
          {tooltip}
          <Legend />
          <Bar dataKey="published" name={t("reports.figures.published")} fill={token.colorPrimary} style={clickable} onClick={month("published")} />
          <Bar dataKey="expiring" name={t("reports.figures.expiring")} fill={token.colorTextTertiary} style={clickable} onClick={month("expiring")} />
        </BarChart>
      </ChartFigure>
    </div>
  );
}
