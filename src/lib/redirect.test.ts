import { describe, expect, it } from "vitest";
import { safeConsolePath } from "./redirect";

describe("safeConsolePath", () => {
  it("keeps console paths with their query", () => {
    expect(safeConsolePath("/app/careers/lists")).toBe("/app/careers/lists");
    expect(safeConsolePath("/app/posts?currentPage=2&pageSize=10")).toBe("/app/posts?currentPage=2&pageSize=10");
    expect(safeConsolePath("/app")).toBe("/app");
  });

  it("refuses other origins in every spelling, and paths outside the console", () => {
    for (const bad of [
      "//evil.com",
      "//evil.com/app/welcome",
      "https://evil.com/app/welcome",
      "http:/app",
      "/\\evil.com",
      "/\\/evil.com",
      "\\\\evil.com",
      "javascript:alert(1)",
      "/login",
      "/pick-center",
      "/application",
      "/app/../login",
      "app/welcome",
      "/app/\nwelcome",
      "",
      null,
      undefined,
    ]) {
      expect(safeConsolePath(bad), String(bad)).toBeNull();
    }
  });
});
