// How the inbox lays itself out, from the width it has (not the window's: the sidebar takes its
// share on a desktop): three panes when wide, list and thread with the contact in a drawer when
// medium, one pane at a time when narrow. Its height fills the window below where it starts.
import { useLayoutEffect, useRef, useState } from "react";

export type InboxMode = "wide" | "medium" | "narrow";

/** Widths (of the inbox itself) at which it shows three panes, then two. */
export const WIDE_FROM = 960;
export const MEDIUM_FROM = 640;
const MIN_HEIGHT = 420;

export const modeFor = (width: number): InboxMode => (width >= WIDE_FROM ? "wide" : width >= MEDIUM_FROM ? "medium" : "narrow");

/** `shape` changes when what sits above the inbox may have changed (its height is measured again). */
export function useInboxLayout<T extends HTMLElement>(bottomGap: number, shape: unknown) {
  const ref = useRef<T>(null);
  const [size, setSize] = useState(() => ({ width: typeof window === "undefined" ? 1024 : window.innerWidth, height: 0 }));
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const box = element.getBoundingClientRect();
      // jsdom lays nothing out: it answers 0, and the window's width stands in.
      const width = box.width || window.innerWidth;
      const height = Math.max(MIN_HEIGHT, Math.floor(window.innerHeight - (box.top + window.scrollY) - bottomGap));
      setSize((current) => (current.width === width && current.height === height ? current : { width, height }));
    };
    measure();
    window.addEventListener("resize", measure);
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(measure);
    observer?.observe(element);
    if (element.parentElement) observer?.observe(element.parentElement);
    return () => {
      window.removeEventListener("resize", measure);
      observer?.disconnect();
    };
  }, [bottomGap, shape]);
  return { ref, mode: modeFor(size.width), height: size.height || undefined };
}
