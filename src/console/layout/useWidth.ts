import { Grid, theme } from "antd";

/**
 * Whether the window is at least antd's `md` (768 px: tables, side-by-side labels) or `lg`
 * (992 px: the sidebar beside the page) wide. antd's useBreakpoint answers {} until its effect has
 * run; the media query answers that first render, so a desktop never draws the phone layout first.
 */
export function useAtLeast(breakpoint: "md" | "lg"): boolean {
  const screens = Grid.useBreakpoint();
  const { token } = theme.useToken();
  const known = screens[breakpoint];
  if (known !== undefined) return known;
  const min = breakpoint === "lg" ? token.screenLG : token.screenMD;
  return typeof window !== "undefined" && typeof window.matchMedia === "function" && window.matchMedia(`(min-width: ${min}px)`).matches;
}
