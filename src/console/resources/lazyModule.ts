// Code a list does not show until someone asks for it (a picker, a confirmation, a read-only
// view): fetched once the list has what it shows, or at once on the first click or focus.
import { useEffect, useState } from "react";
import { useIsFetching } from "@tanstack/react-query";

export interface LazyModule<M> {
  /** The module, once it has arrived. */
  readonly current: M | undefined;
  /** Fetches it (once); a failure lets the next call try again. */
  load: () => Promise<M>;
}

export function lazyModule<M>(loader: () => Promise<M>): LazyModule<M> {
  let loading: Promise<M> | undefined;
  const module: { current: M | undefined; load: () => Promise<M> } = {
    current: undefined,
    load: () =>
      (loading ??= loader().then(
        (m) => (module.current = m),
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      )),
  };
  return module;
}

/**
 * Runs `run` once the page has been quiet a moment: a second after the rows were drawn (what the
 * first look at a list needs comes first), then when the browser is idle.
 */
export const whenIdle = (run: () => void, delay = 1_000): (() => void) => {
  let idle: number | undefined;
  const timer = setTimeout(() => {
    if (typeof requestIdleCallback === "function") idle = requestIdleCallback(run, { timeout: 3_000 });
    else run();
  }, delay);
  return () => {
    clearTimeout(timer);
    if (idle !== undefined) cancelIdleCallback(idle);
  };
};

/**
 * The module once it is here: fetched once `ready` (the list has its rows) when nothing is fetching
 * and the browser is idle, or at once when `now` turns true (a click, a focus). Nothing fetching
 * alone is not enough: there are such moments before the list has even asked for its rows.
 */
export function useLazyModule<M>(module: LazyModule<M>, { now = false, ready = true }: { now?: boolean; ready?: boolean } = {}): M | undefined {
  const [current, setCurrent] = useState(module.current);
  const settled = useIsFetching() === 0 && ready;
  useEffect(() => {
    if (current) return;
    let live = true;
    const fetch = () => void module.load().then((m) => live && setCurrent(() => m), () => undefined);
    const cancel = now ? (fetch(), undefined) : settled ? whenIdle(fetch) : undefined;
    return () => {
      live = false;
      cancel?.();
    };
  }, [current, settled, now, module]);
  return current;
}
