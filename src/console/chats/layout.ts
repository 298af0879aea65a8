// How the inbox lays itself out, from the width it has (not the window's: the sidebar takes its
// share on a desktop): three panes when wide, list and thread with the contact in a drawer when
// medium, one pane at a time when narrow. Its height fills the window below where it starts.
import { useCallback, useLayoutEffect, useRef, useState } from "react";

export type InboxMode = "wide" | "medium" | "narrow";

/** Widths (of the inbox itself) at which it shows three panes, then two. */
export const WIDE_FROM = 960;
export const MEDIUM_FROM = 640;
const MIN_HEIGHT = 420;

export const modeFor = (width: number): InboxMode => (width >= WIDE_FROM ? "wide" : width >= MEDIUM_FROM ? "medium" : "narrow");

export function useInboxLayout<T extends HTMLElement>(bottomGap: number) {
  const ref = useRef<T>(null);
  const [size, setSize] = useState(() => ({ width: typeof window === "undefined" ? 1024 : window.innerWidth, height: 0 }));
  const measure = useCallback(() => {
    const element = ref.current;
    if (!element) return;
    const box = element.getBoundingClientRect();
    // jsdom lays nothing out: it answers 0, and the window's width stands in.
    const width = box.width || window.innerWidth;
    const height = Math.max(MIN_HEIGHT, Math.floor(window.innerHeight - (box.top + window.scrollY) - bottomGap));
    setSize((current) => (current.width === width && current.height === height ? current : { width, height }));
  }, [bottomGap]);
  // Measured again after every render of the inbox, before it paints: what the inbox shows above
  // itself (its title, hidden on a phone while a conversation is open) moves it without resizing
  // anything observed. Unchanged, the size is the same object and nothing renders again.
  useLayoutEffect(() => measure());
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    window.addEventListener("resize", measure);
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(measure);
    observer?.observe(element);
    if (element.parentElement) observer?.observe(element.parentElement);
    return () => {
      window.removeEventListener("resize", measure);
      observer?.disconnect();
    };
  }, [measure]);
  return { ref, mode: modeFor(size.width), height: size.height || undefined };
}
