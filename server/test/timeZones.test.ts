// Centers' time zones (protocol/timeZones.ts): a wall-clock time entered in a center's zone names
// the right instant in Indonesia's three zones and around summer-time changes, and is shown back
// with the zone's abbreviation.
import { describe, expect, it } from "vitest";
import { inZone } from "../lib/dates.js";
import { endOfDay, isTimeZone, localToInstant, offsetMinutes, wallClockAt, zoneAbbreviation } from "../../protocol/timeZones.js";

describe("Indonesia's zones", () => {
  it("09:00 on 3 December is 02:00, 01:00 and 00:00 UTC in WIB, WITA and WIT", () => {
    expect(localToInstant("2026-12-03T09:00", "Asia/Jakarta")).toBe("2026-12-03T02:00:00.000Z");
    expect(localToInstant("2026-12-03T09:00", "Asia/Makassar")).toBe("2026-12-03T01:00:00.000Z");
    expect(localToInstant("2026-12-03T09:00", "Asia/Jayapura")).toBe("2026-12-03T00:00:00.000Z");
  });

  it("a time just after midnight falls on the day before in UTC", () => {
    expect(localToInstant("2026-01-01T00:30", "Asia/Jayapura")).toBe("2025-12-31T15:30:00.000Z");
  });

  it("shows an instant back as the wall clock it was entered as, with WIB, WITA, WIT", () => {
    const instant = Date.parse("2026-12-03T01:00:00Z");
    expect(wallClockAt(instant, "Asia/Makassar")).toMatchObject({ year: 2026, month: 12, day: 3, hour: 9, minute: 0 });
    expect([zoneAbbreviation("Asia/Jakarta"), zoneAbbreviation("Asia/Makassar"), zoneAbbreviation("Asia/Jayapura")]).toEqual(["WIB", "WITA", "WIT"]);
    expect([offsetMinutes(instant, "Asia/Jakarta"), offsetMinutes(instant, "Asia/Makassar"), offsetMinutes(instant, "Asia/Jayapura")]).toEqual([420, 480, 540]);
  });

  it("a date ends at the next local midnight: a closing date in Jayapura ends at 15:00 UTC", () => {
    expect(endOfDay("2026-12-03", "Asia/Jayapura")).toBe("2026-12-03T15:00:00.000Z");
    expect(endOfDay("2026-12-31", "Asia/Jakarta")).toBe("2026-12-31T17:00:00.000Z");
  });
});

describe("a zone with summer time", () => {
  it("reads the same wall clock as different instants in winter and summer (London)", () => {
    expect(localToInstant("2026-01-15T09:00", "Europe/London")).toBe("2026-01-15T09:00:00.000Z");
    expect(localToInstant("2026-07-15T09:00", "Europe/London")).toBe("2026-07-15T08:00:00.000Z");
  });

  it("moves a time the spring change skips forward by the gap (New York, 8 March 2026)", () => {
    // 02:30 never happens: clocks go from 02:00 EST to 03:00 EDT; it reads as 03:30 EDT.
    expect(localToInstant("2026-03-08T02:30", "America/New_York")).toBe("2026-03-08T07:30:00.000Z");
    expect(localToInstant("2026-03-08T01:59", "America/New_York")).toBe("2026-03-08T06:59:00.000Z");
    expect(localToInstant("2026-03-08T03:00", "America/New_York")).toBe("2026-03-08T07:00:00.000Z");
  });

  it("takes the first of a time the autumn change repeats (New York, 1 November 2026)", () => {
    // 01:30 happens in EDT, then again in EST an hour later: the first one is meant.
    expect(localToInstant("2026-11-01T01:30", "America/New_York")).toBe("2026-11-01T05:30:00.000Z");
    expect(localToInstant("2026-11-01T02:30", "America/New_York")).toBe("2026-11-01T07:30:00.000Z");
  });

  it("the day of a change is 23 or 25 hours long (London)", () => {
    const start = (day: string) => Date.parse(localToInstant(`${day}T00:00`, "Europe/London")!);
    expect((Date.parse(endOfDay("2026-03-29", "Europe/London")!) - start("2026-03-29")) / 3_600_000).toBe(23);
    expect((Date.parse(endOfDay("2026-10-25", "Europe/London")!) - start("2026-10-25")) / 3_600_000).toBe(25);
  });

  it("names the zone as it is at that instant", () => {
    expect(zoneAbbreviation("America/New_York", Date.parse("2026-01-15T12:00:00Z"))).toBe("EST");
    expect(zoneAbbreviation("America/New_York", Date.parse("2026-07-15T12:00:00Z"))).toBe("EDT");
  });
});

describe("zone names", () => {
  it("takes IANA names exactly as written, and refuses the rest", () => {
    for (const zone of ["Asia/Jakarta", "Asia/Makassar", "Asia/Jayapura", "Europe/London", "UTC"]) expect(isTimeZone(zone), zone).toBe(true);
    for (const zone of ["asia/jakarta", "WIB", "GMT+7", "+07:00", "Asia/Atlantis", "", null, 7]) expect(isTimeZone(zone), String(zone)).toBe(false);
  });

  it("refuses what is not a wall-clock time", () => {
    for (const text of ["2026-02-30T09:00", "2026-13-01T09:00", "2026-12-03T24:00", "3 Dec 09:00", "2026-12-03T09:00Z"]) {
      expect(localToInstant(text, "Asia/Jakarta"), text).toBeNull();
    }
  });
});

describe("an export's local time (inZone)", () => {
  it("writes the wall clock and the offset, west and east of UTC, on either side of a summer-time change", () => {
    expect(inZone("2026-12-03T01:00:00Z", "Asia/Makassar")).toBe("2026-12-03 09:00:00 +08:00");
    expect(inZone("2026-12-31T17:30:05Z", "Asia/Jayapura")).toBe("2027-01-01 02:30:05 +09:00");
    expect(inZone("2026-03-08T06:59:59Z", "America/New_York")).toBe("2026-03-08 01:59:59 -05:00");
    expect(inZone("2026-03-08T07:00:00Z", "America/New_York")).toBe("2026-03-08 03:00:00 -04:00");
    expect(inZone(new Date("2026-06-01T12:00:00Z"), "UTC")).toBe("2026-06-01 12:00:00 +00:00");
    expect(inZone("2026-06-01T12:00:00Z", "Asia/Kolkata")).toBe("2026-06-01 17:30:00 +05:30");
  });
});
