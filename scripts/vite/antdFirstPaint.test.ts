// antd names its classes "css-dev-only-…" outside production; the built stylesheet is production's.
process.env.NODE_ENV = "production";
import { describe, expect, it } from "vitest";
import { theme, THEME_CLASS } from "../../src/app/theme";

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
      expect.arrayContaining([
        "Layout-Layout",
        "Layout-Sider",
        "Menu-Menu",
        "Select-Select",
        "Button-Button",
        "Badge-Badge",
        "Tooltip-Tooltip",
        "Descriptions-Descriptions",
        "Tag-Tag",
        "Tag-preset",
        "Input-Component",
        "Table-Table",
        "Pagination-Pagination",
        "Spin-Spin",
        "List-List",
        "Empty-Empty",
        "Tabs-Tabs",
        "Avatar-Avatar",
      ]),
    );
    // The icons' styles twice: under antd's default token (the console's ConfigProvider) and under
    // the theme's (the ConfigProvider antd's Table renders around its measuring row).
    expect(components.filter((c) => c === "ant-design-icons")).toHaveLength(2);
    // Opened later, so computed then: not in the first paint's bytes.
    expect(components.some((c) => c.startsWith("Modal-") || c.startsWith("DatePicker-") || c.startsWith("InputNumber-"))).toBe(false);
    // The theme's CSS variables are there; a component's own are not (antd writes those in the browser anyway).
    expect(css).toContain(`.${THEME_CLASS}{--`);
    expect(css).not.toMatch(new RegExp(`\\.${THEME_CLASS}\\.[\\w-]+\\{--`));
  }, 30_000);
});
