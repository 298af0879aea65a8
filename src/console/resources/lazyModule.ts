// Code a list does not show until someone asks for it (a picker, a confirmation, a read-only
// view): fetched once the list has what it shows, or at once on the first click or focus.
import { useCallback, useContext, useEffect, useRef, useState } from "react";
import { QueryClientContext } from "@tanstack/react-query";

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
 * Fetches modules one after another, each in an idle moment of its own: starting a fetch adds
 * the module's preload links to the page, which for several modules at once is a long task.
 * A module that cannot be fetched (offline) is tried again when it is first needed.
 */
export function inTurn(loads: readonly (() => Promise<unknown>)[]) {
  const [first, ...rest] = loads;
  if (!first) return;
  void first()
    .catch(() => undefined)
    .then(() => whenIdle(() => inTurn(rest), 0));
}

/**
 * Runs `run` once `ready` and the page has settled: a second later, when the browser is idle and no
 * query is fetching. Whether one is fetching is asked at that moment rather than subscribed to: a
 * subscription re-renders its component on every fetch anywhere in the console, which on a list
 * cost more than the preloading it waits for.
 */
export function useWhenSettled(ready: boolean, run: () => void) {
  const client = useContext(QueryClientContext);
  const latest = useRef(run);
  latest.current = run;
  useEffect(() => {
    if (!ready) return;
    let cancel = () => {};
    const attempt = () => {
      cancel = whenIdle(() => ((client?.isFetching() ?? 0) > 0 ? attempt() : latest.current()));
    };
    attempt();
    return () => cancel();
  }, [ready, client]);
}

/**
 * The module once it is here: fetched once `ready` (the list has its rows) and the page has
 * settled (useWhenSettled), or at once when `now` turns true (a click, a focus). A quiet moment
 * alone is not enough: there are such moments before the list has even asked for its rows.
 */
export function useLazyModule<M>(module: LazyModule<M>, { now = false, ready = true }: { now?: boolean; ready?: boolean } = {}): M | undefined {
  const [current, setCurrent] = useState(module.current);
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);
  const fetch = useCallback(
    () =>
      void module.load().then(
        (m) => live.current && setCurrent(() => m),
        () => undefined,
      ),
    [module],
  );
  useWhenSettled(ready && !current, fetch);
  useEffect(() => {
    if (now && !current) fetch();
  }, [now, current, fetch]);
  return current;
}
