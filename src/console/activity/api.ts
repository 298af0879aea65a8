// The activity log's API (GET /api/activity, superadmins): every write from the audit rows.
import type { Change } from "../approvals/api";

export interface ActivityEntry {
  id: number;
  at: string;
  action: string;
  resource: string | null;
  resource_label: string | null;
  record_id: string | null;
  record_title: string | null;
  center_code: string | null;
  actor: { id: number; name: string } | null;
  ip: string | null;
  user_agent: string | null;
  changes: (Change & { label: string })[];
}

export interface ActivityFilters {
  user_id?: number;
  center_code?: string;
  resource?: string;
  from?: string;
  to?: string;
}

export const ACTIVITY_KEY = "activity";

/** "Chrome 131 on Windows" from a user agent, or the agent itself when it is not a browser's. */
export function browserOf(agent: string | null): string | null {
  if (!agent) return null;
  const browser = /Edg\/(\d+)/.exec(agent)
    ? `Edge ${/Edg\/(\d+)/.exec(agent)![1]}`
    : /Firefox\/(\d+)/.exec(agent)
      ? `Firefox ${/Firefox\/(\d+)/.exec(agent)![1]}`
      : /Chrome\/(\d+)/.exec(agent)
        ? `Chrome ${/Chrome\/(\d+)/.exec(agent)![1]}`
        : /Version\/(\d+).*Safari/.exec(agent)
          ? `Safari ${/Version\/(\d+)/.exec(agent)![1]}`
          : null;
  const os = /Windows/.test(agent)
    ? "Windows"
    : /Android/.test(agent)
      ? "Android"
      : /iPhone|iPad/.test(agent)
        ? "iOS"
        : /Mac OS X/.test(agent)
          ? "macOS"
          : /Linux/.test(agent)
            ? "Linux"
            : null;
  if (!browser) return agent.length > 40 ? `${agent.slice(0, 39)}…` : agent;
  return os ? `${browser} on ${os}` : browser;
}

/** A value as a short text for the changes column. */
export function shortValue(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  const text =
    typeof value === "string"
      ? value
          .replace(/<[^>]*>/g, " ")
          .replace(/\s+/g, " ")
          .trim()
      : JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}
