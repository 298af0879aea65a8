/** A real calendar date written YYYY-MM-DD (no 2024-02-30, no month 13). */
export function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A date and time with a real calendar date, as an ISO string in UTC; null when it is not one. */
export function toInstant(text: string): string | null {
  const day = /^(\d{4}-\d{2}-\d{2})/.exec(text);
  if (day && !isCalendarDate(day[1]!)) return null;
  const time = Date.parse(text);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/** A timestamp as the API answers it (ISO 8601, UTC), whichever driver read it; null stays null. */
export const isoOrNull = (value: unknown): string | null => (value === null || value === undefined ? null : new Date(value as string).toISOString());
