// "After the screen has settled": what the first paint of a screen does not need (the socket, the
// notification drawer) waits for the page to have loaded, no query or mutation to be in flight for
// QUIET_MS, and then the browser to be wholly idle; at the latest `maxMs` after it was asked for.
import type { QueryClient } from "@tanstack/react-query";

export const QUIET_MS = 500;

/**
 * Calls `run` in an idle period with nothing else scheduled (Chromium then gives up to 50 ms):
 * React renders in 5 ms slices, and the short idle moments between them do not count.
 */
const onIdle = (run: () => void): (() => void) => {
  if (typeof window.requestIdleCallback !== "function") {
    const handle = setTimeout(run, 0);
    return () => clearTimeout(handle);
  }
  let handle = 0;
  const wait = () => {
    handle = window.requestIdleCallback((deadline) => (deadline.timeRemaining() >= 40 ? run() : wait()));
  };
  wait();
  return () => window.cancelIdleCallback(handle);
};

/** Calls `run` once the screen has settled (or after `maxMs`); returns a cancel. */
export function whenSettled(client: QueryClient, run: () => void, { maxMs = 3_000 } = {}): () => void {
  let done = false;
  let quiet: ReturnType<typeof setTimeout> | undefined;
  let cancelIdle = () => {};
  const busy = () => document.readyState !== "complete" || client.isFetching() > 0 || client.isMutating() > 0;

  const finish = (fire: boolean) => {
    if (done) return;
    done = true;
    clearTimeout(quiet);
    clearTimeout(cap);
    cancelIdle();
    unsubscribeQueries();
    unsubscribeMutations();
    window.removeEventListener("load", check);
    if (fire) run();
  };
  // Every change to a query or mutation starts the quiet period again.
  function check() {
    clearTimeout(quiet);
    cancelIdle();
    if (busy()) return;
    quiet = setTimeout(() => {
      if (!busy()) cancelIdle = onIdle(() => (busy() ? check() : finish(true)));
    }, QUIET_MS);
  }

  const cap = setTimeout(() => finish(true), maxMs);
  const unsubscribeQueries = client.getQueryCache().subscribe(check);
  const unsubscribeMutations = client.getMutationCache().subscribe(check);
  window.addEventListener("load", check);
  check();
  return () => finish(false);
}
