// antd names its classes "css-dev-only-…" outside production; the built stylesheet is production's.
process.env.NODE_ENV = "production";
import { describe, expect, it } from "vitest";
import { theme } from "../../src/app/theme";

describe("antdFirstPaintCss", () => {
  it("writes the first screens' styles and the map antd reads to skip them", async () => {
    const { antdFirstPaintCss } = await import("./antdFirstPaint");
    const css = await antdFirstPaintCss(theme);
    expect(css).toMatch(/:where\(\.css-[a-z0-9]+\)\.ant-table/);
    expect(css).not.toContain("css-dev-only");
    const map = /\.data-ant-cssinjs-cache-path\{content:"([^"]+)";\}/.exec(css)?.[1];
    expect(map).toBeDefined();
    const components = map!.split(";").map((entry) => entry.split("|")[1]);
    expect(components).toEqual(
      expect.arrayContaining(["Table-Table", "Menu-Menu", "Button-Button", "Layout-Layout", "Pagination-Pagination", "Select-Select"]),
    );
    // Opened later, so computed then: not in the first paint's bytes.
    expect(components.some((c) => c.startsWith("Drawer-") || c.startsWith("Modal-"))).toBe(false);
  }, 30_000);
});
