// The publishing calendar: what goes live and what comes down at the caller's center, per type,
// in the center's zone. Month and week views on a desktop, a list on phones (and by choice);
// dragging a scheduled item onto another day reschedules it as an edit of its record.
import { useMemo, useState, type DragEvent, type ReactNode } from "react";
import { Alert, Button, Calendar as AntCalendar, ConfigProvider, Empty, Flex, Grid, Popover, Segmented, Space, Tag, Typography, theme } from "antd";
import { Link, useSearchParams } from "react-router";
import { useCan, useGetIdentity, useList } from "@refinedev/core";
import type { CalendarEntry, CenterRef } from "../../../protocol/api";
import { zoneAbbreviation } from "../../../protocol/timeZones";
import type { Identity } from "../../../providers/authProvider";
import { HttpError } from "../../../providers/http";
import { t } from "../../../providers/i18n";
import { isSuperadmin, session } from "../../../providers/session";
import { resourceByName } from "../../app/definitions";
import { dayjs } from "../../lib/dates";
import { useFeedback } from "../feedback/Feedback";
import { PageTitle } from "../PageTitle";
import { CenterSelect } from "../resources/CenterSelect";
import { entryPath } from "../schedule/entryPath";
import { byDay, movable, useCalendar, useReschedule } from "../schedule/useCalendar";
import { dateLocale, dateTimeInZone, dayKey, keyOfDate, moveToDay, startOfDay, timeInZone, toWallClock, zoneOr, type Dayjs } from "../schedule/zoned";
import "../schedule/calendar.css";

const VIEWS = ["month", "week", "list"] as const;
type View = (typeof VIEWS)[number];
type State = CalendarEntry["state"];
const STATES: State[] = ["scheduled", "pending", "live", "expired"];
/** Lines a month's cell shows: its entries, or one fewer and "+N more". */
const MONTH_CELL_LINES = 3;

/** Each state's colours from the theme's tokens: a light fill under the body text (AA), a strong edge. */
function useStateColours(): Record<State, { background: string; edge: string }> {
  const { token } = theme.useToken();
  return {
    scheduled: { background: token.colorInfoBg, edge: token.colorInfo },
    pending: { background: token.colorWarningBg, edge: token.colorWarning },
    live: { background: token.colorSuccessBg, edge: token.colorSuccess },
    expired: { background: token.colorFillSecondary, edge: token.colorTextTertiary },
  };
}

/** Monday of the week a day is in. */
const weekStart = (day: Dayjs) => day.subtract((day.day() + 6) % 7, "day").startOf("day");

function rangeOf(view: View, anchor: Dayjs): { first: Dayjs; days: number } {
  if (view === "week") return { first: weekStart(anchor), days: 7 };
  // The month's grid shows up to six weeks around it.
  const first = weekStart(anchor.startOf("month"));
  return { first, days: 42 };
}

const transitionLabel = (entry: CalendarEntry) =>
  entry.state === "live" || entry.state === "expired"
    ? t(entry.transition === "live" ? "calendar.wentLive" : "calendar.cameDown")
    : t(entry.transition === "live" ? "calendar.goesLive" : "calendar.comesDown");

function EntryChip({
  entry,
  zone,
  compact,
  mayReadRequests,
  onDragStart,
}: {
  entry: CalendarEntry;
  zone: string;
  compact?: boolean;
  mayReadRequests: boolean;
  onDragStart: (entry: CalendarEntry) => void;
}) {
  const colours = useStateColours()[entry.state];
  const { token } = theme.useToken();
  const path = entryPath(entry, mayReadRequests);
  const canMove = movable(entry);
  const title = entry.title || `#${entry.record_id}`;
  const summary = `${timeInZone(entry.at, zone)} · ${transitionLabel(entry)} · ${title} · ${entry.resource_label} · ${t(`calendar.states.${entry.state}`)}`;
  return (
    <li
      className={compact ? "calendar-entry calendar-entry--compact" : "calendar-entry"}
      draggable={canMove}
      aria-label={summary}
      title={compact ? summary : canMove ? t("calendar.drag") : undefined}
      onDragStart={(event) => {
        event.dataTransfer.setData("text/plain", `${entry.resource}:${entry.record_id}:${entry.transition}`);
        event.dataTransfer.effectAllowed = "move";
        onDragStart(entry);
      }}
      data-state={entry.state}
      style={{ background: colours.background, borderInlineStartColor: colours.edge, color: token.colorText }}
    >
      {compact ? (
        <span className="calendar-entry__line">
          {/* The page says the zone once; a month's cell has room for little else than the title. */}
          {timeInZone(entry.at, zone, true)} {entry.transition === "live" ? "↑" : "↓"} {path ? <Link to={path}>{title}</Link> : title}
        </span>
      ) : (
        <>
          <span className="calendar-entry__time">
            {timeInZone(entry.at, zone)} · {transitionLabel(entry)}
          </span>
          <span className="calendar-entry__title">{path ? <Link to={path}>{title}</Link> : title}</span>
          <span className="calendar-entry__meta">
            {entry.resource_label} · {t(`calendar.states.${entry.state}`)}
          </span>
        </>
      )}
      {entry.overdue && (
        <Tag color="error" className="calendar-entry__overdue" title={t("calendar.overdueHint")}>
          {t("calendar.overdue")}
        </Tag>
      )}
    </li>
  );
}

function Legend() {
  const colours = useStateColours();
  const { token } = theme.useToken();
  return (
    <ul aria-label={t("calendar.legend")} className="calendar-legend">
      {STATES.map((state) => (
        <li
          key={state}
          className="calendar-legend__item"
          style={{ background: colours[state].background, borderInlineStartColor: colours[state].edge, color: token.colorText }}
        >
          {t(`calendar.states.${state}`)}
        </li>
      ))}
    </ul>
  );
}

export default function CalendarPage() {
  const narrow = !Grid.useBreakpoint().md;
  // A link may open a view (the welcome page's week: ?view=week); a superadmin's center is there too.
  const [params, setParams] = useSearchParams();
  const [chosen, setChosen] = useState<View>(() => VIEWS.find((v) => v === params.get("view")) ?? "month");
  // A phone gets the list: a month's grid is unreadable at its width.
  const view: View = narrow ? "list" : chosen;
  const { data: identity } = useGetIdentity<Identity>();
  const [anchor, setAnchor] = useState<Dayjs | null>(null);
  const feedback = useFeedback();
  const { token } = theme.useToken();
  const { data: requestAccess } = useCan({ action: "list", params: { permissionKey: "approval_management" } });
  const reschedule = useReschedule();
  const [dragged, setDragged] = useState<CalendarEntry | null>(null);

  // A superadmin working across centers chooses whose calendar to see; the choice is in the URL.
  const acrossCenters = isSuperadmin(session.getUser()) && !session.getCenter();
  const chosenCenter = acrossCenters ? params.get("center") || null : null;
  // The same list the picker reads (one request): it holds each center's zone, so the range is
  // the chosen center's days from the first request.
  const centers = useList<CenterRef>({ resource: "e1-centers", pagination: { mode: "off" }, queryOptions: { enabled: acrossCenters } });
  const chosenZone = chosenCenter ? centers.result?.data?.find((c) => c.center_code === chosenCenter)?.time_zone : undefined;
  const identityZone = identity?.center?.time_zone ?? chosenZone;
  const { first, days } = rangeOf(view, anchor ?? toWallClock(new Date().toISOString(), zoneOr(identityZone))!.startOf("day"));
  const rangeZone = zoneOr(identityZone);
  const from = startOfDay(keyOfDate(first), rangeZone);
  const to = startOfDay(keyOfDate(first.add(days, "day")), rangeZone);
  const query = useCalendar(from, to, chosenCenter);
  const zone = zoneOr(identityZone ?? query.data?.time_zone);
  const chooseCenter = (code: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (code) next.set("center", code);
        else next.delete("center");
        return next;
      },
      { replace: true },
    );
  const today = toWallClock(query.data?.now ?? new Date().toISOString(), zone)!.startOf("day");
  const current = anchor ?? today;
  const entriesByDay = useMemo(() => byDay(query.data?.entries ?? [], zone), [query.data, zone]);

  const step = (direction: 1 | -1) => setAnchor(current.add(direction, view === "week" ? "week" : "month"));

  const onDrop = (event: DragEvent, day: string) => {
    event.preventDefault();
    const entry = dragged;
    setDragged(null);
    if (!entry || !movable(entry) || dayKey(entry.at, zone) === day) return;
    const at = moveToDay(entry.at, day, zone);
    const definition = resourceByName(entry.resource);
    feedback.confirm({
      title: t("calendar.moveTitle", { title: entry.title }),
      content: (
        <>
          <p>
            {t(entry.transition === "live" ? "calendar.moveLive" : "calendar.moveDown", { at: dateTimeInZone(at, zone), from: dateTimeInZone(entry.at, zone) })}
          </p>
          {definition?.approval && <p>{t("calendar.moveApproval")}</p>}
        </>
      ),
      okText: t("calendar.move"),
      cancelText: t("calendar.cancel"),
      onOk: async () => {
        try {
          await reschedule(entry, at);
          feedback.success(t("calendar.moved"));
        } catch (error) {
          const fields = error instanceof HttpError ? Object.values(error.errors ?? {}).join("; ") : "";
          feedback.error(t("calendar.moveFailed", { message: fields || (error as Error).message }));
        }
        query.refresh();
      },
    });
  };

  const dropTarget = (day: string) => ({
    onDragOver: (event: DragEvent) => {
      if (dragged) event.preventDefault();
    },
    onDrop: (event: DragEvent) => onDrop(event, day),
  });

  const chip = (entry: CalendarEntry, compact = false): ReactNode => (
    <EntryChip
      compact={compact}
      key={`${entry.resource}-${entry.record_id}-${entry.transition}-${entry.at}-${entry.state}`}
      entry={entry}
      zone={zone}
      mayReadRequests={!!requestAccess?.can}
      onDragStart={setDragged}
    />
  );
  const chips = (day: string, compact = false): ReactNode => (entriesByDay.get(day) ?? []).map((entry) => chip(entry, compact));

  const dayLabel = (day: Dayjs) =>
    new Intl.DateTimeFormat(dateLocale(), { weekday: "short", day: "numeric", month: "short" }).format(new Date(day.year(), day.month(), day.date()));

  // The days of the weeks around the month are drawn in the theme's disabled colour, too light
  // to read (1.8:1); they are days like the others here, in the secondary text colour (AA).
  const month = (
    <ConfigProvider theme={{ token: { colorTextDisabled: token.colorTextSecondary } }}>
      <AntCalendar
        value={current}
        headerRender={() => null}
        onSelect={(date, info) => info.source === "date" && setAnchor(date)}
        cellRender={(date, info) => {
          if (info.type !== "date") return info.originNode;
          const day = keyOfDate(date);
          const all = entriesByDay.get(day) ?? [];
          // A cell holds a few lines: past that, the first ones and a way to the whole day.
          const shown = all.length > MONTH_CELL_LINES ? all.slice(0, MONTH_CELL_LINES - 1) : all;
          const hidden = all.length - shown.length;
          return (
            <section className="calendar-cell" data-day={day} aria-label={t("calendar.day", { day: dayLabel(date), count: all.length })} {...dropTarget(day)}>
              <ul className="calendar-day">{shown.map((entry) => chip(entry, true))}</ul>
              {hidden > 0 && (
                <Popover
                  trigger="click"
                  title={dayLabel(date)}
                  content={<ul className="calendar-day calendar-more__list">{all.map((entry) => chip(entry))}</ul>}
                >
                  <Button type="link" size="small" className="calendar-more" onClick={(event) => event.stopPropagation()}>
                    {t("calendar.more", { n: hidden })}
                  </Button>
                </Popover>
              )}
            </section>
          );
        }}
      />
    </ConfigProvider>
  );

  const week = (
    <div className="calendar-week">
      {Array.from({ length: 7 }, (_, i) => first.add(i, "day")).map((date) => {
        const day = keyOfDate(date);
        return (
          <section
            key={day}
            className="calendar-week__day"
            aria-label={dayLabel(date)}
            data-day={day}
            data-today={date.isSame(today, "day") || undefined}
            {...dropTarget(day)}
          >
            <Typography.Text strong className="calendar-week__heading">
              {dayLabel(date)}
            </Typography.Text>
            <ul className="calendar-day calendar-day--week">{chips(day)}</ul>
          </section>
        );
      })}
    </div>
  );

  const listDays = [...entriesByDay.keys()].filter((day) => day >= keyOfDate(first) && day < keyOfDate(first.add(days, "day")));
  const list =
    listDays.length === 0 ? (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("calendar.empty")} />
    ) : (
      <Flex vertical gap="middle" className="calendar-list">
        {listDays.map((day) => {
          const date = dayjs(day);
          return (
            <section key={day} aria-label={dayLabel(date)} data-day={day} {...dropTarget(day)}>
              <Typography.Title level={5} className="calendar-list__heading">
                {dayLabel(date)}
              </Typography.Title>
              <ul className="calendar-day">{chips(day)}</ul>
            </section>
          );
        })}
      </Flex>
    );

  const periodLabel =
    view === "week"
      ? `${dayLabel(first)} – ${dayLabel(first.add(6, "day"))}`
      : new Intl.DateTimeFormat(dateLocale(), { month: "long", year: "numeric" }).format(new Date(current.year(), current.month(), 1));

  return (
    <>
      <PageTitle>{t("calendar.title")}</PageTitle>
      <Typography.Paragraph type="secondary">{t("calendar.intro")}</Typography.Paragraph>
      {/* A line of its own: beside the period's buttons it pushed "›" to a line alone on a phone. */}
      {acrossCenters && (
        <div className="calendar-toolbar">
          <CenterSelect ariaLabel={t("resource.center")} placeholder={t("resource.allCenters")} allowClear value={chosenCenter} onChange={chooseCenter} />
        </div>
      )}
      <Flex wrap gap="small" align="center" justify="space-between" className="calendar-toolbar">
        <Space wrap>
          <Button onClick={() => step(-1)} aria-label={t("calendar.previous")}>
            ‹
          </Button>
          <Button onClick={() => setAnchor(today)}>{t("calendar.today")}</Button>
          <Button onClick={() => step(1)} aria-label={t("calendar.next")}>
            ›
          </Button>
          <Typography.Text strong aria-live="polite">
            {periodLabel}
          </Typography.Text>
        </Space>
        {!narrow && (
          <Segmented<View>
            aria-label={t("calendar.view")}
            value={chosen}
            onChange={setChosen}
            options={[
              { value: "month", label: t("calendar.month") },
              { value: "week", label: t("calendar.week") },
              { value: "list", label: t("calendar.list") },
            ]}
          />
        )}
      </Flex>
      <Flex wrap gap="small" align="center" justify="space-between" className="calendar-toolbar">
        <Typography.Text type="secondary">{t("calendar.zone", { zone: zoneAbbreviation(zone), name: zone })}</Typography.Text>
        <Legend />
      </Flex>
      {query.isError && (
        <Alert
          type="error"
          showIcon
          message={t("calendar.loadFailed")}
          action={
            <Button size="small" onClick={() => void query.refetch()}>
              {t("calendar.retry")}
            </Button>
          }
        />
      )}
      {query.data?.truncated && <Alert type="warning" showIcon message={t("calendar.truncated")} />}
      {view === "month" ? month : view === "week" ? week : list}
    </>
  );
}
