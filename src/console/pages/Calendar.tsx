// The publishing calendar: what goes live and what comes down at the caller's center, per type,
// in the center's zone. Month and week views on a desktop, a list on phones (and by choice);
// dragging a scheduled item onto another day reschedules it as an edit of its record.
import { useMemo, useState, type DragEvent, type ReactNode } from "react";
import { Alert, Button, Calendar as AntCalendar, Empty, Flex, Grid, Segmented, Space, Tag, Typography, theme } from "antd";
import { Link, useSearchParams } from "react-router";
import { useGetIdentity } from "@refinedev/core";
import type { CalendarEntry } from "../../../protocol/api";
import { zoneAbbreviation } from "../../../protocol/timeZones";
import type { Identity } from "../../../providers/authProvider";
import { HttpError } from "../../../providers/http";
import { t } from "../../../providers/i18n";
import { resourceByName } from "../../app/definitions";
import { dayjs } from "../../lib/dates";
import { useFeedback } from "../feedback/Feedback";
import { PageTitle } from "../PageTitle";
import { editPath } from "../resources/model";
import { byDay, movable, useCalendar, useReschedule } from "../schedule/useCalendar";
import { dateLocale, dateTimeInZone, dayKey, keyOfDate, moveToDay, startOfDay, timeInZone, toWallClock, zoneOr, type Dayjs } from "../schedule/zoned";
import "../schedule/calendar.css";

const VIEWS = ["month", "week", "list"] as const;
type View = (typeof VIEWS)[number];
type State = CalendarEntry["state"];
const STATES: State[] = ["scheduled", "pending", "live", "expired"];

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
  onDragStart,
}: {
  entry: CalendarEntry;
  zone: string;
  compact?: boolean;
  onDragStart: (entry: CalendarEntry) => void;
}) {
  const colours = useStateColours()[entry.state];
  const { token } = theme.useToken();
  const definition = resourceByName(entry.resource);
  const path = definition ? editPath(definition, entry.record_id) : undefined;
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
  // A link may open a view (the welcome page's week: ?view=week).
  const [params] = useSearchParams();
  const [chosen, setChosen] = useState<View>(() => VIEWS.find((v) => v === params.get("view")) ?? "month");
  // A phone gets the list: a month's grid is unreadable at its width.
  const view: View = narrow ? "list" : chosen;
  const { data: identity } = useGetIdentity<Identity>();
  const [anchor, setAnchor] = useState<Dayjs | null>(null);
  const feedback = useFeedback();
  const reschedule = useReschedule();
  const [dragged, setDragged] = useState<CalendarEntry | null>(null);

  const identityZone = identity?.center?.time_zone;
  const { first, days } = rangeOf(view, anchor ?? toWallClock(new Date().toISOString(), zoneOr(identityZone))!.startOf("day"));
  const rangeZone = zoneOr(identityZone);
  const from = startOfDay(keyOfDate(first), rangeZone);
  const to = startOfDay(keyOfDate(first.add(days, "day")), rangeZone);
  const query = useCalendar(from, to);
  const zone = zoneOr(identityZone ?? query.data?.time_zone);
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

  const chips = (day: string, compact = false): ReactNode =>
    (entriesByDay.get(day) ?? []).map((entry) => (
      <EntryChip
        compact={compact}
        key={`${entry.resource}-${entry.record_id}-${entry.transition}-${entry.at}-${entry.state}`}
        entry={entry}
        zone={zone}
        onDragStart={setDragged}
      />
    ));

  const dayLabel = (day: Dayjs) =>
    new Intl.DateTimeFormat(dateLocale(), { weekday: "short", day: "numeric", month: "short" }).format(new Date(day.year(), day.month(), day.date()));

  const month = (
    <AntCalendar
      value={current}
      headerRender={() => null}
      onSelect={(date, info) => info.source === "date" && setAnchor(date)}
      cellRender={(date, info) => {
        if (info.type !== "date") return info.originNode;
        const day = keyOfDate(date);
        const count = entriesByDay.get(day)?.length ?? 0;
        return (
          <section className="calendar-cell" data-day={day} aria-label={t("calendar.day", { day: dayLabel(date), count })} {...dropTarget(day)}>
            <ul className="calendar-day">{chips(day, true)}</ul>
          </section>
        );
      }}
    />
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
