// /app/reports: a center's figures over a range of its days: conversations (each counted once)
// and resolutions (each event), first response and resolution times in business hours, approval
// decisions, content per month; per day in charts and a table, per staff member, each count
// opening the list behind it; the days as CSV. A superadmin without a center compares centers
// and picks one.
import { lazy, Suspense, useMemo, useState } from "react";
import { Alert, Button, Card, DatePicker, Flex, Select, Space, Statistic, Table, Typography } from "antd";
import { DownloadOutlined } from "@ant-design/icons";
import { useGetIdentity } from "@refinedev/core";
import type { ContentKind, ReportCenter, ReportDay, ReportFactKind, ReportFigures, ReportMonth, ReportStaff } from "../../../protocol/reports";
import { zoneAbbreviation } from "../../../protocol/timeZones";
import type { Identity } from "../../../providers/authProvider";
import { isSuperadmin } from "../../../providers/session";
import { t } from "../../../providers/i18n";
import { dayjs } from "../../lib/dates";
import { useFeedback } from "../feedback/Feedback";
import { PageTitle } from "../PageTitle";
import { keyOfDate, toWallClock, zoneOr, type Dayjs } from "../schedule/zoned";
import { downloadCsv, useCompare, useReport, type ContentDrill, type Drill, type Range } from "../reports/api";
import type { ContentRequest, DrillRequest } from "../reports/ReportCharts";
import { ContentDrawer } from "../reports/ContentDrawer";
import { FactsDrawer } from "../reports/FactsDrawer";
import { dayLabel, duration, hoursLabel, monthLabel, percent } from "../reports/format";
import "../reports/reports.css";

const ReportCharts = lazy(() => import("../reports/ReportCharts"));

/** The default period: the last 30 days of the center's calendar, today included. */
const DEFAULT_DAYS = 30;

/** A count that opens the list behind it (a plain zero opens nothing). */
function CountLink({ count, label, onOpen }: { count: number; label: string; onOpen: () => void }) {
  if (count === 0) return <>0</>;
  return (
    <Button type="link" size="small" className="report-count" aria-label={t("reports.countLabel", { count, what: label })} onClick={onOpen}>
      {count}
    </Button>
  );
}

function Figures({ total }: { total: ReportFigures }) {
  const times = (median: number | null, p90: number | null) => (
    <span className="report-figure__detail">
      {t("reports.figures.medianValue", { value: duration(median) })} · {t("reports.figures.p90Value", { value: duration(p90) })}
    </span>
  );
  return (
    <div className="report-figures">
      <Card size="small">
        <Statistic title={t("reports.figures.conversations")} value={total.conversations} />
        <span className="report-figure__detail">{t("reports.figures.conversationsHint")}</span>
      </Card>
      <Card size="small">
        <Statistic title={t("reports.figures.resolutions")} value={total.resolutions} />
        <span className="report-figure__detail">{t("reports.figures.resolutionsHint", { count: total.resolved_conversations })}</span>
      </Card>
      <Card size="small">
        <Statistic title={t("reports.figures.firstResponse")} value={duration(total.first_reply_median)} />
        {times(total.first_reply_median, total.first_reply_p90)}
      </Card>
      <Card size="small">
        <Statistic title={t("reports.figures.resolutionTime")} value={duration(total.resolution_median)} />
        {times(total.resolution_median, total.resolution_p90)}
      </Card>
      <Card size="small">
        <Statistic title={t("reports.figures.decisions")} value={total.decisions} />
        <span className="report-figure__detail">
          {t("reports.figures.approved")} {total.approved} · {t("reports.figures.rejected")} {total.rejected}
        </span>
      </Card>
      <Card size="small">
        <Statistic title={t("reports.figures.rejectionRate")} value={percent(total.rejected, total.decisions)} />
      </Card>
      <Card size="small">
        <Statistic title={t("reports.figures.timeToDecision")} value={duration(total.decision_median)} />
        {times(total.decision_median, total.decision_p90)}
      </Card>
    </div>
  );
}

function Compare({ centers, loading, onPick }: { centers: ReportCenter[]; loading: boolean; onPick: (code: string) => void }) {
  return (
    <Card title={t("reports.compareTitle")} size="small">
      <Table<ReportCenter>
        size="small"
        rowKey="center_code"
        loading={loading}
        dataSource={centers}
        pagination={false}
        scroll={{ x: "max-content" }}
        columns={[
          {
            key: "center",
            title: t("reports.table.centerName"),
            render: (_, c) => (
              <Button type="link" size="small" className="report-count" onClick={() => onPick(c.center_code)}>
                {c.center_name}
              </Button>
            ),
          },
          { key: "conversations", title: t("reports.figures.conversations"), dataIndex: "conversations" },
          { key: "fr", title: t("reports.figures.firstResponse"), render: (_, c) => duration(c.first_reply_median) },
          { key: "res", title: t("reports.figures.resolutionTime"), render: (_, c) => duration(c.resolution_median) },
          { key: "decisions", title: t("reports.figures.decisions"), dataIndex: "decisions" },
          { key: "rate", title: t("reports.figures.rejectionRate"), render: (_, c) => percent(c.rejected, c.decisions) },
          { key: "decision", title: t("reports.figures.timeToDecision"), render: (_, c) => duration(c.decision_median) },
        ]}
      />
    </Card>
  );
}

export default function ReportsPage() {
  const { data: identity } = useGetIdentity<Identity>();
  const feedback = useFeedback();
  const ownCenter = identity?.center ?? null;
  const superadmin = isSuperadmin(identity ?? null);
  const [picked, setPicked] = useState<string | null>(null);
  const centerCode = ownCenter ? null : picked;
  const zone = zoneOr(ownCenter?.time_zone);
  const today = toWallClock(new Date().toISOString(), zone)!.startOf("day");
  const [range, setRange] = useState<Range>(() => ({ from: keyOfDate(today.subtract(DEFAULT_DAYS - 1, "day")), to: keyOfDate(today) }));
  const [drill, setDrill] = useState<Drill | null>(null);
  const [contentDrill, setContentDrill] = useState<ContentDrill | null>(null);
  const [busy, setBusy] = useState(false);

  const showsCenter = ownCenter !== null || picked !== null;
  const report = useReport(range, centerCode, identity !== undefined && showsCenter);
  const compare = useCompare(range, identity !== undefined && superadmin && ownCenter === null);
  const data = report.data;
  const reportZone = data?.time_zone ?? zone;

  const open = (kind: ReportFactKind, from: string, to: string, extra: Partial<Drill> = {}) => setDrill({ kind, from, to, ...extra });
  const onChart = ({ kind, day, outcome }: DrillRequest) => open(kind, day, day, { outcome });
  // A month's figure counts only the report's days of that month.
  const openContent = ({ kind, month }: ContentRequest) => {
    const first = `${month}-01`;
    const last = keyOfDate(dayjs(first).endOf("month"));
    setContentDrill({ kind, month, from: first > range.from ? first : range.from, to: last < range.to ? last : range.to });
  };
  const active = useMemo(() => data?.days.some((d) => d.conversations + d.first_replies + d.resolutions + d.decisions > 0) ?? false, [data]);

  const setDay = (which: "from" | "to") => (value: Dayjs | null) => {
    if (!value) return;
    const next = { ...range, [which]: keyOfDate(value) };
    // The other end follows, so the period never runs backwards.
    if (next.from > next.to) next[which === "from" ? "to" : "from"] = next[which];
    setRange(next);
  };

  async function download() {
    setBusy(true);
    try {
      await downloadCsv(range, centerCode);
    } catch {
      feedback.error(t("reports.downloadFailed"));
    } finally {
      setBusy(false);
    }
  }

  const dayColumns = [
    { key: "day", title: t("reports.table.day"), render: (_: unknown, d: ReportDay) => dayLabel(d.day, true) },
    {
      key: "conversations",
      title: t("reports.figures.conversations"),
      render: (_: unknown, d: ReportDay) => (
        <CountLink
          count={d.conversations}
          label={t("reports.drill.conversation", { day: dayLabel(d.day, true) })}
          onOpen={() => open("conversation", d.day, d.day)}
        />
      ),
    },
    {
      key: "first_replies",
      title: t("reports.table.firstReplies"),
      render: (_: unknown, d: ReportDay) => (
        <CountLink
          count={d.first_replies}
          label={t("reports.drill.first_reply", { day: dayLabel(d.day, true) })}
          onOpen={() => open("first_reply", d.day, d.day)}
        />
      ),
    },
    { key: "fr", title: t("reports.figures.firstResponse"), render: (_: unknown, d: ReportDay) => duration(d.first_reply_median) },
    {
      key: "resolutions",
      title: t("reports.figures.resolutions"),
      render: (_: unknown, d: ReportDay) => (
        <CountLink
          count={d.resolutions}
          label={t("reports.drill.resolution", { day: dayLabel(d.day, true) })}
          onOpen={() => open("resolution", d.day, d.day)}
        />
      ),
    },
    {
      key: "decisions",
      title: t("reports.figures.decisions"),
      render: (_: unknown, d: ReportDay) => (
        <CountLink count={d.decisions} label={t("reports.drill.decision", { day: dayLabel(d.day, true) })} onOpen={() => open("decision", d.day, d.day)} />
      ),
    },
    { key: "rejected", title: t("reports.figures.rejected"), dataIndex: "rejected" },
    { key: "decision", title: t("reports.figures.timeToDecision"), render: (_: unknown, d: ReportDay) => duration(d.decision_median) },
  ];

  const contentCount = (m: ReportMonth, kind: ContentKind) => (
    <CountLink count={m[kind]} label={t(`reports.drill.${kind}`, { month: monthLabel(m.month) })} onOpen={() => openContent({ kind, month: m.month })} />
  );
  const monthColumns = [
    { key: "month", title: t("reports.table.month"), render: (_: unknown, m: ReportMonth) => monthLabel(m.month) },
    { key: "published", title: t("reports.figures.published"), render: (_: unknown, m: ReportMonth) => contentCount(m, "published") },
    { key: "expiring", title: t("reports.figures.expiring"), render: (_: unknown, m: ReportMonth) => contentCount(m, "expiring") },
  ];

  const staffDrill = (s: ReportStaff, kind: ReportFactKind) => open(kind, range.from, range.to, { userId: s.user_id, userName: s.user_name });
  const staffColumns = [
    { key: "name", title: t("reports.table.staff"), dataIndex: "user_name" },
    {
      key: "first_replies",
      title: t("reports.table.firstReplies"),
      render: (_: unknown, s: ReportStaff) => (
        <CountLink
          count={s.first_replies}
          label={t("reports.drill.staffSuffix", { title: t("reports.table.firstReplies"), name: s.user_name })}
          onOpen={() => staffDrill(s, "first_reply")}
        />
      ),
    },
    { key: "fr", title: t("reports.figures.firstResponse"), render: (_: unknown, s: ReportStaff) => duration(s.first_reply_median) },
    { key: "fr90", title: t("reports.figures.p90"), render: (_: unknown, s: ReportStaff) => duration(s.first_reply_p90) },
    {
      key: "resolutions",
      title: t("reports.figures.resolutions"),
      render: (_: unknown, s: ReportStaff) => (
        <CountLink
          count={s.resolutions}
          label={t("reports.drill.staffSuffix", { title: t("reports.figures.resolutions"), name: s.user_name })}
          onOpen={() => staffDrill(s, "resolution")}
        />
      ),
    },
    { key: "res", title: t("reports.figures.resolutionTime"), render: (_: unknown, s: ReportStaff) => duration(s.resolution_median) },
    {
      key: "decisions",
      title: t("reports.figures.decisions"),
      render: (_: unknown, s: ReportStaff) => (
        <CountLink
          count={s.decisions}
          label={t("reports.drill.staffSuffix", { title: t("reports.figures.decisions"), name: s.user_name })}
          onOpen={() => staffDrill(s, "decision")}
        />
      ),
    },
    { key: "decision", title: t("reports.figures.timeToDecision"), render: (_: unknown, s: ReportStaff) => duration(s.decision_median) },
  ];

  const centerName = ownCenter?.center_web_name ?? compare.data?.find((c) => c.center_code === picked)?.center_name ?? picked ?? "";

  return (
    <div className="reports">
      <PageTitle
        extra={
          showsCenter && (
            <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void download()}>
              {t("reports.downloadCsv")}
            </Button>
          )
        }
      >
        {t("reports.title")}
      </PageTitle>
      <Flex wrap gap="small" align="center" className="reports__controls">
        <Space wrap>
          <DatePicker aria-label={t("reports.from")} placeholder={t("reports.from")} allowClear={false} value={dayjs(range.from)} onChange={setDay("from")} />
          <DatePicker aria-label={t("reports.to")} placeholder={t("reports.to")} allowClear={false} value={dayjs(range.to)} onChange={setDay("to")} />
        </Space>
        {superadmin && ownCenter === null && (
          <Select
            aria-label={t("reports.center")}
            placeholder={t("reports.chooseCenter")}
            className="reports__center"
            value={picked ?? undefined}
            onChange={(code: string) => setPicked(code)}
            options={(compare.data ?? []).map((c) => ({ value: c.center_code, label: c.center_name }))}
          />
        )}
      </Flex>
      {superadmin && ownCenter === null && <Compare centers={compare.data ?? []} loading={compare.isLoading} onPick={setPicked} />}
      {report.isError && (
        <Alert
          type="error"
          showIcon
          message={t("reports.loadFailed")}
          action={
            <Button size="small" onClick={() => void report.refetch()}>
              {t("reports.retry")}
            </Button>
          }
        />
      )}
      {data && (
        <>
          <Typography.Paragraph type="secondary" className="reports__intro">
            {t("reports.intro", { center: centerName, hours: hoursLabel(data.business_hours), zone: zoneAbbreviation(reportZone) })}
          </Typography.Paragraph>
          {data.pending_days > 0 && <Alert type="info" showIcon message={t("reports.pending")} />}
          <Figures total={data.total} />
          {active ? (
            <>
              <Typography.Paragraph type="secondary">{t("reports.charts.drillHint")}</Typography.Paragraph>
              <Suspense fallback={<div className="report-charts report-charts--waiting" />}>
                <ReportCharts data={data} onDrill={onChart} onContent={openContent} />
              </Suspense>
            </>
          ) : (
            <Alert type="info" message={t("reports.empty")} />
          )}
          <Card title={t("reports.table.title")} size="small">
            <Table<ReportDay>
              size="small"
              rowKey="day"
              dataSource={[...data.days].reverse()}
              columns={dayColumns}
              pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
              scroll={{ x: "max-content" }}
            />
          </Card>
          {data.months.length > 0 && (
            <Card title={t("reports.charts.content")} size="small">
              <Table<ReportMonth>
                size="small"
                rowKey="month"
                dataSource={data.months}
                columns={monthColumns}
                pagination={false}
                scroll={{ x: "max-content" }}
              />
            </Card>
          )}
          {data.staff.length > 0 && (
            <Card title={t("reports.table.staffTitle")} size="small">
              <Table<ReportStaff>
                size="small"
                rowKey="user_id"
                dataSource={data.staff}
                columns={staffColumns}
                pagination={false}
                scroll={{ x: "max-content" }}
              />
            </Card>
          )}
        </>
      )}
      <FactsDrawer drill={drill} centerCode={centerCode} zone={reportZone} onClose={() => setDrill(null)} />
      <ContentDrawer drill={contentDrill} centerCode={centerCode} zone={reportZone} onClose={() => setContentDrill(null)} />
    </div>
  );
}
