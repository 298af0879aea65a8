// The theme's text meets WCAG AA (4.5:1) by token, wherever antd or the console's CSS uses it.
import { describe, expect, it } from "vitest";
import { render } from "@testing-library/react";
import { ConfigProvider, theme as antdTheme, Tag } from "antd";
import { theme, THEME_CLASS } from "./theme";

const token = antdTheme.getDesignToken(theme) as unknown as Record<string, string>;

/** [r, g, b, a] of #rgb, #rrggbb or rgba(). */
function rgba(colour: string): number[] {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(colour);
  if (hex) {
    const h = hex[1].length === 3 ? [...hex[1]].map((c) => c + c).join("") : hex[1];
    return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)).concat(1);
  }
  const parts = /^rgba?\(([^)]+)\)$/.exec(colour.replace(/\s/g, ""))![1].split(",").map(Number);
  return parts.length === 3 ? [...parts, 1] : parts;
}

function luminance(colour: string, over = "#ffffff"): number {
  const [r, g, b, a] = rgba(colour);
  const base = rgba(over);
  return [r, g, b]
    .map((c, i) => (c * a + base[i] * (1 - a)) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
    .reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i], 0);
}

const contrast = (text: string, background: string) => {
  const [hi, lo] = [luminance(text, background), luminance(background)].sort((a, b) => b - a);
  return (hi + 0.05) / (lo + 0.05);
};

describe("the theme's contrast", () => {
  it("secondary text and descriptions on a card and on the page", () => {
    for (const text of ["colorText", "colorTextSecondary", "colorTextDescription", "colorTextPlaceholder", "colorLink", "colorErrorText", "colorWarningText"]) {
      for (const background of ["colorBgContainer", "colorBgLayout"]) {
        expect(contrast(token[text], token[background]), `${text} on ${background}`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it("the coloured tags the console uses, and the count badges' white figures", () => {
    for (const colour of ["green", "gold", "orange", "volcano", "red", "blue", "purple"]) {
      expect(contrast(token[`${colour}7`], token[`${colour}1`]), `${colour} tag`).toBeGreaterThanOrEqual(4.5);
      // antd's older name for the shade writes the same CSS variable: it must not undo the newer.
      expect(token[`${colour}-7`], `${colour}-7`).toBe(token[`${colour}7`]);
    }
    for (const badge of ["colorError", "colorInfo", "colorPrimary"]) {
      expect(contrast(token.colorTextLightSolid, token[badge]), badge).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("the components' own text colours the theme sets", () => {
    const labels = theme.components?.Descriptions?.labelColor;
    expect(labels).toBeDefined();
    for (const background of ["colorBgContainer", "colorBgLayout"]) {
      expect(contrast(labels!, token[background]), `Descriptions' labels on ${background}`).toBeGreaterThanOrEqual(4.5);
    }
    expect(contrast(token.colorText, theme.components!.Menu!.itemActiveBg!), "Menu's pressed entry").toBeGreaterThanOrEqual(4.5);
  });

  it("the sidebar's selected entry", () => {
    expect(contrast(token.colorPrimary, token.colorPrimaryBg)).toBeGreaterThanOrEqual(4.5);
  });
});

describe("the theme as antd writes it into the page", () => {
  /** The value of each CSS variable antd declares on the theme's class, as the browser would read it (the last declaration wins). */
  function cssVariables(): Map<string, string> {
    const found = new Map<string, string>();
    for (const style of document.head.querySelectorAll("style")) {
      for (const rule of (style.textContent ?? "").matchAll(new RegExp(`\\.${THEME_CLASS}\\{([^}]*)\\}`, "g"))) {
        for (const [, name, value] of rule[1].matchAll(/(--[\w-]+):([^;]+);/g)) found.set(name, value.trim());
      }
    }
    return found;
  }

  it("gives the tags the theme's shades, not the palette's", () => {
    render(
      <ConfigProvider theme={theme}>
        <Tag color="green">Live</Tag>
      </ConfigProvider>,
    );
    const variables = cssVariables();
    for (const colour of ["green", "gold", "orange", "volcano"]) {
      expect(variables.get(`--ant-${colour}-7`), colour).toBe(token[`${colour}7`]);
    }
    expect(variables.get("--ant-color-text-placeholder")).toBe(token.colorTextPlaceholder);
  });
});
