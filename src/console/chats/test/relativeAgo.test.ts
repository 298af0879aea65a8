import { afterEach, describe, expect, it } from "vitest";
import { setLocale } from "../../../../providers/i18n";
import { relativeAgo } from "../display";

const now = Date.parse("2026-03-12T10:30:00Z");
const at = (msFromNow: number) => new Date(now + msFromNow).toISOString();

describe("a relative time", () => {
  afterEach(() => setLocale("en"));

  it("is 'just now' for a time the server stamped ahead of this browser's clock, never 'in a few seconds'", () => {
    expect(relativeAgo(at(4_000), now)).toBe("just now");
    expect(relativeAgo(at(90_000), now)).toBe("just now");
    expect(relativeAgo(at(0), now)).toBe("just now");
    expect(relativeAgo(at(-20_000), now)).toBe("just now");
  });

  it("reads in dayjs's words once past", () => {
    expect(relativeAgo(at(-5 * 60_000), now)).toBe("5 minutes ago");
    expect(relativeAgo(at(-3 * 3_600_000), now)).toBe("3 hours ago");
  });

  it("is in Indonesian too", async () => {
    await setLocale("id");
    expect(relativeAgo(at(4_000), now)).toBe("baru saja");
    expect(relativeAgo(at(-5 * 60_000), now)).toBe("5 menit yang lalu");
  });
});
