import { describe, expect, it } from "vitest";
import { expiresNote, goesLiveNote } from "./scheduleNote";

const now = Date.parse("2026-12-01T00:00:00.000Z");
describe("a record's schedule on its state tag", () => {
  it("says when a waiting version goes live, in the center's zone", () => {
    expect(goesLiveNote({ schedule: { go_live_at: "2026-12-03T01:00:00.000Z", take_down_at: null }, center_time_zone: "Asia/Makassar" })).toBe(
      "goes live 3 Dec 09:00 WITA",
    );
    expect(goesLiveNote({ schedule: { go_live_at: null, take_down_at: null } })).toBeNull();
  });
  it("says when it expires within a week, and nothing further off", () => {
    const expiring = (at: string) => expiresNote({ schedule: { go_live_at: null, take_down_at: at } }, now);
    expect(expiring("2026-12-03T00:00:00.000Z")).toBe("Expires in 2 days");
    expect(expiring("2026-12-01T05:00:00.000Z")).toBe("Expires in 5 hours");
    expect(expiring("2026-12-09T00:00:00.000Z")).toBeNull();
    expect(expiring("2026-11-30T00:00:00.000Z")).toBeNull();
  });
});
