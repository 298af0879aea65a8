import { describe, expect, it } from "vitest";
import { buildMenu } from "../menu";
import { registry } from "../../../resources";
import { browserOf, shortValue } from "./api";

describe("the activity log's helpers", () => {
  it("names a browser and its system from a user agent", () => {
    expect(browserOf("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36")).toBe(
      "Chrome 131 on Windows",
    );
    expect(
      browserOf("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1"),
    ).toBe("Safari 17 on iOS");
    expect(browserOf("curl/8.5.0")).toBe("curl/8.5.0");
    expect(browserOf(null)).toBeNull();
  });

  it("shortens values and shows rich text as text", () => {
    expect(shortValue("<p>Hello <b>there</b></p>")).toBe("Hello there");
    expect(shortValue(null)).toBe("—");
    expect(shortValue("x".repeat(80))).toHaveLength(60);
    expect(shortValue(["a", "b"])).toBe('["a","b"]');
  });

  it("lists the activity log under User Management, for superadmins only", () => {
    const group = buildMenu(registry).find((g) => g.key === "user-management")!;
    expect(group.items.at(-1)).toEqual({ path: "/app/administration/activity", label: "menu.activity", superadminOnly: true });
  });
});
