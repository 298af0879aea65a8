import type { ThemeConfig } from "antd";

/** The class that carries the theme's CSS variables: antd's components have it, and so does the console's root. */
export const THEME_CLASS = "cc";

// Secondary text at AA (4.5:1) on the page's background too (antd's 0.45 is 3.4:1 on white).
const TEXT_SECONDARY = "rgba(0, 0, 0, 0.62)";
const GREEN_7 = "#237804";
const GOLD_7 = "#874d00";
const ORANGE_7 = "#ad4e00";
const VOLCANO_7 = "#ad2102";

/**
 * The console's one theme. antd draws with it, and `cssVar` hands every token to the console's
 * own CSS as a variable (`var(--ant-color-text-secondary)`), defined on THEME_CLASS. Colours are set here and nowhere else.
 */
export const theme: ThemeConfig = {
  cssVar: { key: THEME_CLASS },
  token: {
    colorPrimary: "#1d3b6f",
    colorLink: "#2a5db0",
    // Selected and highlighted backgrounds: the navy's own tint (antd derives a grey from a colour this dark).
    colorPrimaryBg: "#e6edf8",
    colorPrimaryBgHover: "#d6e0f0",
    // Count badges and error text meet WCAG AA (4.5:1) on white: antd's #ff4d4f and #1677ff do not.
    colorError: "#cf1322",
    colorInfo: "#0958d9",
    colorSuccess: "#389e0d",
    // A note's hint on its pale yellow, at AA (antd's gold-7 is 2.9:1 on white).
    colorWarningText: "#8a6d00",
    // Secondary text and descriptions.
    colorTextSecondary: TEXT_SECONDARY,
    colorTextDescription: TEXT_SECONDARY,
    // A placeholder is text a person reads to know what goes in the box: AA too (antd's is 0.25,
    // 1.8:1), still lighter than a value (0.88). The console's stand-ins for a select or a date
    // range that has not loaded yet show their words in it.
    colorTextPlaceholder: "rgba(0, 0, 0, 0.56)",
    // A coloured Tag's text is its colour's 7th shade on the 1st: these four, one shade or two
    // darker, reach AA (antd's green, gold, orange and volcano are 2.8-4.4:1). Each is set under
    // both of antd's names: with CSS variables, `green7` and the older `green-7` write the same
    // variable (--ant-green-7), and the one antd derives from the palette would win.
    green7: GREEN_7,
    "green-7": GREEN_7,
    gold7: GOLD_7,
    "gold-7": GOLD_7,
    orange7: ORANGE_7,
    "orange-7": ORANGE_7,
    volcano7: VOLCANO_7,
    "volcano-7": VOLCANO_7,
    colorBgLayout: "#f3f5f9",
    borderRadius: 8,
    fontFamily: '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  },
  components: {
    // A detail's label is secondary text (antd gives it the tertiary grey, 3.4:1 on white).
    Descriptions: { labelColor: TEXT_SECONDARY },
    Menu: {
      itemActiveBg: "#eef2f9",
      // The sidebar's column draws its own edge.
      activeBarBorderWidth: 0,
    },
  },
};
