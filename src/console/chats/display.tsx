// Small pieces the inbox's panes share: initials in an avatar, compact ages, a clock that ticks.
import { useEffect, useState } from "react";
import { Avatar, Tooltip } from "antd";
import { dayjs } from "../../lib/dates";
import { t } from "../../../providers/i18n";
import { usePersonColor } from "../personColor";
import type { ConversationStatus } from "./api";

export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]![0], words.at(-1)![0]] : [words[0]?.[0]];
  return letters.filter(Boolean).join("").toUpperCase() || "?";
}

/** Decorative: whoever it stands for is named in text beside it. */
export function PersonAvatar({ name, size = 32 }: { name: string; size?: number }) {
  const colorFor = usePersonColor();
  return (
    <Avatar size={size} style={{ background: colorFor(name), flex: "none", fontSize: size <= 24 ? 11 : undefined }} aria-hidden>
      {initials(name)}
    </Avatar>
  );
}

/** "now", "5m", "3h", "2d", then the date: a list row's age at a glance. */
export function shortAgo(at: string, now: number = Date.now()): string {
  const minutes = Math.floor((now - new Date(at).getTime()) / 60_000);
  if (minutes < 1) return t("chats.ago.now");
  if (minutes < 60) return t("chats.ago.minutes", { n: minutes });
  if (minutes < 24 * 60) return t("chats.ago.hours", { n: Math.floor(minutes / 60) });
  if (minutes < 7 * 24 * 60) return t("chats.ago.days", { n: Math.floor(minutes / 1440) });
  const day = dayjs(at);
  return day.year() === dayjs(now).year() ? day.format("D MMM") : day.format("D MMM YYYY");
}

export const fullTime = (at: string) => dayjs(at).format("D MMM YYYY HH:mm");

/** Under this, a past time is "just now" (dayjs's own "a few seconds ago" stops here too). */
const JUST_NOW_MS = 45_000;

/**
 * "3 hours ago", in the console's language. A time stamped by the server may lie ahead of this
 * browser's clock (the two clocks differ by seconds): a message just received reads "just now",
 * never "in a few seconds".
 */
export function relativeAgo(at: string, now: number = Date.now()): string {
  const time = dayjs(at);
  return now - time.valueOf() < JUST_NOW_MS ? t("chats.ago.justNow") : time.from(now);
}

/** A time as "3 hours ago", the exact time on hover. */
export function Ago({ at }: { at: string | null | undefined }) {
  if (!at) return <span>-</span>;
  return (
    <Tooltip title={fullTime(at)}>
      <time dateTime={at}>{relativeAgo(at)}</time>
    </Tooltip>
  );
}

/** The current time, again every `everyMs`: relative times stay true while the page is open. */
export function useNow(everyMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

export const STATUS_COLORS: Record<ConversationStatus, string> = { open: "blue", pending: "gold", snoozed: "purple", resolved: "green" };
