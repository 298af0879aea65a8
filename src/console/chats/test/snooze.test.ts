import { describe, expect, it } from "vitest";
import { snoozeUntil } from "../snooze";

describe("snooze presets", () => {
  it("an hour from now, tomorrow at 9:00, and the next Monday at 9:00 (local time)", () => {
    const wednesday = new Date(2025, 2, 12, 16, 45);
    expect(snoozeUntil("hour", wednesday)).toEqual(new Date(2025, 2, 12, 17, 45));
    expect(snoozeUntil("tomorrow", wednesday)).toEqual(new Date(2025, 2, 13, 9, 0));
    expect(snoozeUntil("week", wednesday)).toEqual(new Date(2025, 2, 17, 9, 0));
    // From a Monday, a week on; from a Sunday, the next day.
    expect(snoozeUntil("week", new Date(2025, 2, 17, 8, 0))).toEqual(new Date(2025, 2, 24, 9, 0));
    expect(snoozeUntil("week", new Date(2025, 2, 16, 20, 0))).toEqual(new Date(2025, 2, 17, 9, 0));
  });
});
