import { describe, expect, it } from "vitest";
import careers from "../../../resources/careers";
import posts from "../../../resources/posts";
import { defaultTakeDown } from "./ScheduleFields";

const now = Date.parse("2026-12-01T00:00:00.000Z");
describe("the take-down a form shows as its default, as the server would set it", () => {
  it("is the end of a closing date in the center's zone", () => {
    expect(defaultTakeDown(careers, "2026-12-10", "Asia/Makassar", now)).toBe("2026-12-10T16:00:00.000Z");
  });
  it("is an event's end itself", () => {
    expect(defaultTakeDown(posts, "2026-12-05T02:00:00.000Z", "Asia/Jakarta", now)).toBe("2026-12-05T02:00:00.000Z");
  });
  it("is nothing when that lies in the past or is empty", () => {
    expect(defaultTakeDown(posts, "2026-11-05T02:00:00.000Z", "Asia/Jakarta", now)).toBeNull();
    expect(defaultTakeDown(careers, null, "Asia/Jakarta", now)).toBeNull();
  });
});
