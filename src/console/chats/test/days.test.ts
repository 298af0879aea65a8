import { describe, expect, it } from "vitest";
import { dayLabel, groupByDay } from "../days";

// Local times (the browser's zone), as the thread shows them.
const at = (y: number, m: number, d: number, h = 12, min = 0) => new Date(y, m - 1, d, h, min).toISOString();
const now = new Date(2025, 2, 12, 10, 30); // Wednesday 12 March 2025, 10:30

describe("a thread's days", () => {
  it("names today, yesterday, a date this year with its weekday, and an older date with its year", () => {
    expect(dayLabel(at(2025, 3, 12, 0, 1), now)).toBe("Today");
    expect(dayLabel(at(2025, 3, 11, 23, 59), now)).toBe("Yesterday");
    expect(dayLabel(at(2025, 3, 11, 0, 0), now)).toBe("Yesterday");
    expect(dayLabel(at(2025, 3, 10, 23, 59), now)).toBe("Monday, 10 March");
    expect(dayLabel(at(2024, 12, 31), now)).toBe("31 December 2024");
  });

  it("puts consecutive messages of one calendar day under one heading, in order", () => {
    const messages = [
      { id: 1, created_at: at(2024, 12, 31, 23, 50) },
      { id: 2, created_at: at(2025, 3, 11, 8) },
      { id: 3, created_at: at(2025, 3, 11, 23, 59) },
      { id: 4, created_at: at(2025, 3, 12, 0, 0) },
      { id: 5, created_at: at(2025, 3, 12, 9, 15) },
    ];
    const groups = groupByDay(messages, now);
    expect(groups.map((g) => [g.label, g.items.map((m) => m.id)])).toEqual([
      ["31 December 2024", [1]],
      ["Yesterday", [2, 3]],
      ["Today", [4, 5]],
    ]);
    expect(groups.map((g) => g.key)).toEqual(["2024-12-31", "2025-03-11", "2025-03-12"]);
  });

  it("has no day for no messages", () => {
    expect(groupByDay([], now)).toEqual([]);
  });
});
