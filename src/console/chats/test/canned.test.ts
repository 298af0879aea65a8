import { describe, expect, it } from "vitest";
import type { CannedReply } from "../../../../protocol/chat";
import { filterCanned, moveActive, slashQuery } from "../canned";

const reply = (id: number, short_code: string, text: string): CannedReply => ({
  id,
  center_code: "JKT01",
  short_code,
  text,
  updated_at: "2025-01-01T00:00:00.000Z",
});
const REPLIES = [
  reply(1, "hours", "Our Kemang center is open Monday to Friday 09:00–20:00."),
  reply(2, "thanks", "Thank you for contacting us!"),
  reply(3, "trial", "You are welcome to join a free trial class."),
  reply(4, "price-kids", "Kids courses cost Rp 1.500.000 a month."),
];

describe("canned replies in the composer", () => {
  it("opens only for a '/' at the very start, before any space or line break", () => {
    expect(slashQuery("/")).toBe("");
    expect(slashQuery("/tri")).toBe("tri");
    expect(slashQuery("/price-kids")).toBe("price-kids");
    expect(slashQuery("/trial ")).toBeNull();
    expect(slashQuery("/a\nb")).toBeNull();
    expect(slashQuery(" /trial")).toBeNull();
    expect(slashQuery("see /trial")).toBeNull();
    expect(slashQuery("//")).toBeNull();
    expect(slashQuery("")).toBeNull();
  });

  it("lists codes that start with the filter first, then codes or (from two letters) texts that hold it", () => {
    expect(filterCanned(REPLIES, "").map((r) => r.short_code)).toEqual(["hours", "thanks", "trial", "price-kids"]);
    expect(filterCanned(REPLIES, "t").map((r) => r.short_code)).toEqual(["thanks", "trial"]);
    expect(filterCanned(REPLIES, "TR").map((r) => r.short_code)).toEqual(["trial"]);
    expect(filterCanned(REPLIES, "kids").map((r) => r.short_code)).toEqual(["price-kids"]);
    expect(filterCanned(REPLIES, "month").map((r) => r.short_code)).toEqual(["price-kids"]);
    expect(filterCanned(REPLIES, "zzz")).toEqual([]);
    expect(filterCanned(REPLIES, "", 2)).toHaveLength(2);
  });

  it("moves the highlight with the arrow keys, wrapping at both ends", () => {
    expect(moveActive(0, 1, 3)).toBe(1);
    expect(moveActive(2, 1, 3)).toBe(0);
    expect(moveActive(0, -1, 3)).toBe(2);
    expect(moveActive(0, 1, 0)).toBe(0);
  });
});
