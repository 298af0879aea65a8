import { describe, expect, it } from "vitest";
import { ageOf, whenIn } from "./age";

const now = "2026-12-03T10:00:00.000Z";

describe("ageOf", () => {
  it("names the largest whole unit, at least a minute", () => {
    expect(ageOf("2026-12-03T09:59:50.000Z", now)).toBe("1 minute");
    expect(ageOf("2026-12-03T07:30:00.000Z", now)).toBe("2 hours");
    expect(ageOf("2026-11-30T09:00:00.000Z", now)).toBe("3 days");
    expect(ageOf("2026-11-19T10:00:00.000Z", now)).toBe("2 weeks");
  });

  it("never counts backwards when the browser's clock and the server's disagree", () => {
    expect(ageOf("2026-12-03T10:00:05.000Z", now)).toBe("1 minute");
  });
});

describe("whenIn", () => {
  it("reads the time on the center's clock, not the browser's", () => {
    expect(whenIn("2026-12-03T02:00:00.000Z", "Asia/Jakarta")).toMatch(/09:00/);
    expect(whenIn("2026-12-03T02:00:00.000Z", "Asia/Makassar")).toMatch(/10:00/);
  });
});
