// Code a list does not show until someone asks for it (a picker, a confirmation, a read-only
// view): fetched once the list has what it shows, or at once on the first click or focus.
import { useCallback, useEffect, useRef, useState } from "react";
import { once } from "../../lib/once";
import { useWhenSettled, whenIdle } from "../settled";

export interface LazyModule<M> {
  /** The module, once it has arrived. */
  readonly current: M | undefined;
  /** Fetches it (once); a failure lets the next call try again. */
  load: () => Promise<M>;
}

export function lazyModule<M>(loader: () => Promise<M>): LazyModule<M> {
  const module: { current: M | undefined; load: () => Promise<M> } = {
    current: undefined,
    load: once(() => loader().then((m) => (module.current = m))),
  };
  return module;
}

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
    .then(() => whenIdle(() => inTurn(rest), { maxMs: 3_000 }));
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
