import { Space, Tag } from "antd";
import { ClockCircleOutlined, ExclamationCircleOutlined } from "@ant-design/icons";
import { dayjs } from "../../lib/dates";
import { t } from "../../../providers/i18n";
import type { Decision, VersionAction } from "./api";
import { displayState, type ApprovalFields, type ChangeKind, type RequestStatus } from "./state";
import { HoverTip } from "../resources/HoverTip";
import { expiresNote, goesLiveNote, type ScheduledRecord } from "../schedule/scheduleNote";

const SUBMISSIONS = new Set<VersionAction>(["create", "update", "delete", "restore"]);
/** A version that submitted a request still open: its decision is awaited. */
export const awaitsDecision = (row: { action: VersionAction; request_id: number | null; decision: Decision | null }) =>
  SUBMISSIONS.has(row.action) && row.request_id !== null && row.decision === null;

export const formatTime = (at: string | null | undefined) => (at ? dayjs(at).format("D MMM YYYY HH:mm") : "");

/** A time as "3 hours ago", the exact time in its tooltip. */
export function When({ at }: { at: string | null | undefined }) {
  if (!at) return <span className="text-secondary">-</span>;
  return (
    <HoverTip title={formatTime(at)}>
      {/* Wraps between words: a narrow column's cell grows taller rather than spilling into the next. */}
      <time dateTime={at}>{dayjs(at).fromNow()}</time>
    </HoverTip>
  );
}

const AGE_WARN_DAYS = 2;
const AGE_LATE_DAYS = 7;

/** A waiting time in the largest two units: "3d 4h", "5h 10m", "12m". */
export function compactAge(from: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - new Date(from).getTime()) / 60_000));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  if (days > 0) return t("approval.age.days", { d: days, h: hours });
  if (hours > 0) return t("approval.age.hours", { h: hours, m: mins });
  return t("approval.age.minutes", { m: mins });
}

/** How long a request has waited, coloured once it waits longer than a couple of days. */
export function Age({ at }: { at: string }) {
  const days = dayjs().diff(dayjs(at), "day", true);
  const color = days >= AGE_LATE_DAYS ? "red" : days >= AGE_WARN_DAYS ? "orange" : undefined;
  return (
    <HoverTip title={t("approval.age.since", { when: formatTime(at) })}>
      <Tag color={color} icon={<ClockCircleOutlined />} className="nowrap">
        {compactAge(at)}
      </Tag>
    </HoverTip>
  );
}

const CHANGE_COLORS: Record<ChangeKind, string> = { create: "green", update: "blue", delete: "red" };

export function ChangeTag({ change, className }: { change: ChangeKind; className?: string }) {
  return (
    <Tag color={CHANGE_COLORS[change]} className={className}>
      {t(`approval.change.${change}`, undefined, change)}
    </Tag>
  );
}

const REQUEST_COLORS: Record<RequestStatus, string> = { pending: "gold", approved: "green", rejected: "red", withdrawn: "default" };

export function RequestStatusTag({ status }: { status: RequestStatus }) {
  return <Tag color={REQUEST_COLORS[status] ?? "default"}>{t(`approval.status.${status}`, undefined, status)}</Tag>;
}

const ACTION_COLORS: Record<VersionAction, string> = {
  create: "green",
  update: "blue",
  delete: "red",
  approve: "green",
  reject: "red",
  withdraw: "default",
  restore: "purple",
};

export function ActionTag({ action }: { action: VersionAction }) {
  return <Tag color={ACTION_COLORS[action] ?? "default"}>{t(`history.action.${action}`, undefined, action)}</Tag>;
}

/** How a request was decided: "Approved by Ana, 2 days ago" and its reason or comment; `waiting` when still open. */
export function DecisionSummary({ decision, waiting }: { decision: Decision | null; waiting?: boolean }) {
  if (!decision) return waiting ? <RequestStatusTag status="pending" /> : <span className="text-secondary">-</span>;
  const note = decision.reason ?? decision.comment;
  return (
    <Space direction="vertical" size={0}>
      <Space size={4} wrap>
        <RequestStatusTag status={decision.status} />
        {decision.by_name && <span>{decision.by_name}</span>}
        {decision.at && (
          <span className="text-secondary">
            <When at={decision.at} />
          </span>
        )}
      </Space>
      {note && <span className={decision.reason ? "text-danger prewrap" : "text-secondary prewrap"}>{note}</span>}
    </Space>
  );
}

/** A record's state on lists: "Live · change pending"; a rejection shows its reason on hover. */
export function RecordStateTag({ record }: { record: ApprovalFields & ScheduledRecord }) {
  const state = displayState(record);
  if (!state) return null;
  // A scheduled type's record says when its waiting version goes live, and when it comes down soon.
  const goesLive = state.kind === "scheduled" || state.kind === "liveChangeScheduled" ? goesLiveNote(record) : null;
  const expires = state.kind.startsWith("live") || state.kind === "scheduled" ? expiresNote(record) : null;
  const tag = (
    <Tag color={state.color} icon={state.reason ? <ExclamationCircleOutlined /> : undefined} className="record-state-tag">
      {goesLive ? `${t(state.label)} · ${goesLive}` : t(state.label)}
    </Tag>
  );
  if (expires) {
    return (
      <Space size={4} wrap>
        {tag}
        <Tag icon={<ClockCircleOutlined />}>{expires}</Tag>
      </Space>
    );
  }
  // The reason's tooltip opens on focus too: the tag is in a button, for the keyboard to reach it.
  return state.reason ? (
    <HoverTip title={t("recordState.reasonTooltip", { reason: state.reason })}>
      <button type="button" className="record-state-reason" aria-label={`${t(state.label)}: ${state.reason}`}>
        {tag}
      </button>
    </HoverTip>
  ) : (
    tag
  );
}
