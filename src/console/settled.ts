// "Once the screen has settled": what a screen's first paint does not need (the socket, the
// notification drawer, the sidebar's selects, a list's form, pickers and dialogs) waits for the page
// to have loaded, no query or mutation to be in flight for QUIET_MS, and then the browser to be
// wholly idle; at the latest `maxMs` after it was asked for. This is the console's one way to wait
// for that: `whenSettled`, `useWhenSettled` for a component, and `whenIdle` for the last step alone.
import { useContext, useEffect, useRef } from "react";
import { QueryClientContext, type QueryClient } from "@tanstack/react-query";

export const QUIET_MS = 500;

/**
 * Calls `run` in an idle period with nothing else scheduled (Chromium then gives up to 50 ms):
 * React renders in 5 ms slices, and the short idle moments between them do not count. With
 * `maxMs`, it runs then at the latest however busy the browser stays. Returns a cancel.
 */
export function whenIdle(run: () => void, { maxMs }: { maxMs?: number } = {}): () => void {
  if (typeof window.requestIdleCallback !== "function") {
    const handle = setTimeout(run, 0);
    return () => clearTimeout(handle);
  }
  let handle = 0;
  const giveUpAt = maxMs === undefined ? undefined : Date.now() + maxMs;
  const wait = () => {
    const timeout = giveUpAt === undefined ? undefined : { timeout: Math.max(1, giveUpAt - Date.now()) };
    handle = window.requestIdleCallback((deadline) => (deadline.timeRemaining() >= 40 || deadline.didTimeout ? run() : wait()), timeout);
  };
  wait();
  return () => window.cancelIdleCallback(handle);
}

/**
 * Calls `run` once the screen has settled (or after `maxMs`); returns a cancel. A list's first
 * render sends the query cache hundreds of events, so an event only notes its time: the one timer
 * there is looks, when it fires, at whether the quiet period has passed since the last of them.
 * Without a client (a component rendered outside one) only the page's load and the idle browser count.
 */
export function whenSettled(client: QueryClient | undefined, run: () => void, { maxMs = 3_000 } = {}): () => void {
  let done = false;
  let lastChange = Date.now();
  let quiet: ReturnType<typeof setTimeout> | undefined;
  let cancelIdle: (() => void) | undefined;
  const busy = () => document.readyState !== "complete" || (client?.isFetching() ?? 0) > 0 || (client?.isMutating() ?? 0) > 0;

  const finish = (fire: boolean) => {
    if (done) return;
    done = true;
    clearTimeout(quiet);
    clearTimeout(cap);
    cancelIdle?.();
    unsubscribeQueries?.();
    unsubscribeMutations?.();
    window.removeEventListener("load", changed);
    if (fire) run();
  };
  // The quiet period ends QUIET_MS after the last change with nothing in flight; a fetch that
  // ends is itself a change, so a busy page is looked at again then.
  const wait = (ms: number) => {
    quiet = setTimeout(() => {
      quiet = undefined;
      const since = Date.now() - lastChange;
      if (since < QUIET_MS) return wait(QUIET_MS - since);
      if (busy()) return;
      const asked = lastChange;
      cancelIdle = whenIdle(() => {
        cancelIdle = undefined;
        if (lastChange === asked && !busy()) finish(true);
        else changed();
      });
    }, ms);
  };
  function changed() {
    lastChange = Date.now();
    if (quiet === undefined && cancelIdle === undefined) wait(QUIET_MS);
  }

  const cap = setTimeout(() => finish(true), maxMs);
  const unsubscribeQueries = client?.getQueryCache().subscribe(changed);
  const unsubscribeMutations = client?.getMutationCache().subscribe(changed);
  window.addEventListener("load", changed);
  wait(QUIET_MS);
  return () => finish(false);
}

/**
 * `whenSettled` for a component: waits from when `ready` turns true (a list: once it has its rows,
 * for there are quiet moments before it has even asked for them), cancelled on unmount. The query
 * cache is watched, not subscribed to through a hook: that would re-render the component on every
 * fetch anywhere in the console, which on a list cost more than what it waits to do.
 */
export function useWhenSettled(ready: boolean, run: () => void, { maxMs }: { maxMs?: number } = {}) {
  const client = useContext(QueryClientContext);
  const latest = useRef(run);
  latest.current = run;
  useEffect(() => {
    if (!ready) return;
    return whenSettled(client, () => latest.current(), { maxMs });
  }, [ready, client, maxMs]);
}
