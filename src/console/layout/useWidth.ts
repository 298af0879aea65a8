import { useSyncExternalStore } from "react";

/** antd's breakpoints (the theme keeps them): `md` for tables and side-by-side labels, `lg` for the sidebar beside the page. */
const MIN_WIDTH = { md: 768, lg: 992 } as const;

const lists = new Map<keyof typeof MIN_WIDTH, MediaQueryList | null>();
function query(breakpoint: keyof typeof MIN_WIDTH): MediaQueryList | null {
  if (!lists.has(breakpoint)) {
    const supported = typeof window !== "undefined" && typeof window.matchMedia === "function";
    lists.set(breakpoint, supported ? window.matchMedia(`(min-width: ${MIN_WIDTH[breakpoint]}px)`) : null);
  }
  return lists.get(breakpoint) ?? null;
}

/** Whether the window is at least `breakpoint` wide now (outside React: which chunk to fetch). */
export const isAtLeast = (breakpoint: keyof typeof MIN_WIDTH): boolean => query(breakpoint)?.matches ?? true;

/**
 * Whether the window is at least `md` or `lg` wide, from the first render on (a desktop never
 * draws the phone layout first) and again whenever that changes. A media query of its own, not
 * antd's Grid.useBreakpoint: that one answers {} until its effect has run, and brings antd's
 * theme algorithms with it.
 */
export function useAtLeast(breakpoint: keyof typeof MIN_WIDTH): boolean {
  return useSyncExternalStore(
    (changed) => {
      const list = query(breakpoint);
      list?.addEventListener("change", changed);
      return () => list?.removeEventListener("change", changed);
    },
    () => isAtLeast(breakpoint),
    () => true,
  );
}
