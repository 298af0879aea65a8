import { describe, expect, it } from "vitest";
import { t } from "../../../providers/i18n";
import { dateTimeInZone, dayKey, fromWallClock, liveSpan, moveToDay, timeInZone, toWallClock } from "./zoned";

describe("times in a center's zone", () => {
  const at = "2026-12-03T01:00:00.000Z";
  it("shows the zone's clock with its abbreviation", () => {
    expect(timeInZone(at, "Asia/Jakarta")).toBe("08:00 WIB");
    expect(timeInZone(at, "Asia/Makassar")).toBe("09:00 WITA");
    expect(timeInZone(at, "Asia/Jayapura")).toBe("10:00 WIT");
    expect(dateTimeInZone(at, "Asia/Makassar")).toBe("3 Dec 09:00 WITA");
  });
  it("files an instant under the zone's day, not the browser's", () => {
    expect(dayKey("2026-12-03T17:30:00.000Z", "Asia/Jakarta")).toBe("2026-12-04");
    expect(dayKey("2026-12-03T17:30:00.000Z", "Europe/London")).toBe("2026-12-03");
  });
  it("round-trips a picker's wall clock through the zone", () => {
    const wall = toWallClock(at, "Asia/Jayapura")!;
    expect(wall.hour()).toBe(10);
    expect(fromWallClock(wall, "Asia/Jayapura")).toBe(at);
    expect(fromWallClock(wall, "Asia/Jakarta")).toBe("2026-12-03T03:00:00.000Z");
  });
  it("moves to another day at the same time of day", () => {
    expect(moveToDay(at, "2026-12-05", "Asia/Makassar")).toBe("2026-12-05T01:00:00.000Z");
  });

  it("says when a version was on the website", () => {
    expect(liveSpan({ live_from: at, live_until: "2026-12-04T16:00:00.000Z" }, "Asia/Makassar", t)).toBe("Live from 3 Dec 09:00 WITA until 5 Dec 00:00 WITA");
    expect(liveSpan({ live_from: at, live_until: null }, "Asia/Jakarta", t)).toBe("Live from 3 Dec 08:00 WIB");
    expect(liveSpan({ live_from: null }, "Asia/Jakarta", t)).toBeNull();
  });
});
