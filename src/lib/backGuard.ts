// Browser Back (or Forward) away from unsaved changes asks first.
//
// Under a BrowserRouter nothing can block a history pop, and the router's own popstate listener
// re-renders at once (a popstate update is flushed before the next listener runs), unmounting the
// form. So one listener is installed before the router mounts, and a form registers what to ask
// while it holds changes: on Cancel the event never reaches the router and the page's entry is put
// back; on OK the router goes on as usual.

interface Guard {
  confirm: () => boolean;
  state: unknown;
  url: string;
}

let guard: Guard | null = null;
let installed = false;

function onPop(event: PopStateEvent) {
  if (!guard) return;
  const { confirm, state, url } = guard;
  if (confirm()) {
    guard = null;
    return;
  }
  event.stopImmediatePropagation();
  window.history.pushState(state, "", url);
}

/** Call once, before the router mounts (its listener must come after this one). */
export function installBackGuard() {
  if (installed || typeof window === "undefined") return;
  installed = true;
  window.addEventListener("popstate", onPop);
}

/** While the page holds unsaved changes: asks `confirm` on Back; returns the release. */
export function guardBack(confirm: () => boolean): () => void {
  const mine: Guard = { confirm, state: window.history.state as unknown, url: window.location.href };
  guard = mine;
  return () => {
    if (guard === mine) guard = null;
  };
}
