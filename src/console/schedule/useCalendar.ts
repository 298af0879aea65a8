// The calendar's data: GET /api/calendar for a range of the zone's days, refreshed when the
// server says a record or a queue changed (a transition, an approval, a reschedule), and every
// minute so that "overdue" stays true to the server's clock.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useDataProvider } from "@refinedev/core";
import type { CalendarAnswer, CalendarEntry } from "../../../protocol/api";
import { resourceByName } from "../../app/definitions";
import { useApi } from "../approvals/api";
import { useLiveConnect, useLiveEvent } from "../live/context";
import { dayKey } from "./zoned";

export const CALENDAR_KEY = "calendar";

/** `center`: a superadmin's choice of center (staff always get their own). */
export function useCalendar(from: string, to: string, center?: string | null) {
  const api = useApi();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: [CALENDAR_KEY, from, to, center ?? null],
    queryFn: async () => (await api.get<CalendarAnswer>("/api/calendar", { from, to, ...(center && { center_code: center }) })).data!,
    refetchInterval: 60_000,
    retry: false,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: [CALENDAR_KEY] });
  useLiveEvent("live", refresh);
  useLiveEvent("approval", refresh);
  useLiveConnect((again) => again && refresh());
  return { ...query, refresh };
}

/** Entries by the zone's day ("2026-12-03"), each day's in time order. */
export function byDay(entries: readonly CalendarEntry[], zone: string): Map<string, CalendarEntry[]> {
  const days = new Map<string, CalendarEntry[]>();
  for (const entry of [...entries].sort((a, b) => a.at.localeCompare(b.at))) {
    const key = dayKey(entry.at, zone);
    days.set(key, [...(days.get(key) ?? []), entry]);
  }
  return days;
}

/** Only what is still to happen moves: a done transition is history. */
export const movable = (entry: CalendarEntry) => entry.state === "scheduled" || entry.state === "pending";

/**
 * Moves an entry's transition to `at` as an edit of its record: the record's working copy with
 * the new go_live_at (or take_down_at), so a type under approval makes it a request.
 */
export function useReschedule() {
  const dataProvider = useDataProvider();
  return async (entry: CalendarEntry, at: string) => {
    const definition = resourceByName(entry.resource);
    if (!definition) throw new Error(entry.resource);
    const provider = dataProvider();
    const { data: record } = await provider.getOne<Record<string, unknown>>({ resource: entry.resource, id: entry.record_id });
    const fields = Object.fromEntries(definition.fields.filter((f) => f.name in record).map((f) => [f.name, record[f.name]]));
    const moved = entry.transition === "live" ? { go_live_at: at } : { take_down_at: at };
    await provider.update({ resource: entry.resource, id: entry.record_id, variables: { ...fields, ...moved, version: record.version } });
  };
}
