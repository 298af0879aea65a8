// Loading something once and sharing the promise (a chunk, the definitions): the console's one
// helper for it, so that every such place forgets a failure the same way.

export interface Once<T> {
  /** Starts the load on the first call; later calls get the same promise. */
  (): Promise<T>;
  /** What the load gave, once it has: for a render that must not wait a turn for it. */
  readonly value: T | undefined;
}

/**
 * `load`, run once, its promise shared by every caller. A failure is not kept: a chunk that could
 * not be fetched (offline, a deploy in between) or a request that failed is tried again by the
 * next call rather than failing for the rest of the page's life.
 */
export function once<T>(load: () => Promise<T>): Once<T> {
  let pending: Promise<T> | undefined;
  const state: { value: T | undefined } = { value: undefined };
  const get = () => {
    if (!pending) {
      // A load that throws before it returns a promise is a failure like any other.
      const attempt = new Promise<T>((resolve) => resolve(load())).then((value) => (state.value = value));
      pending = attempt;
      attempt.catch(() => {
        if (pending === attempt) pending = undefined;
      });
    }
    return pending;
  };
  return Object.defineProperty(get, "value", { get: () => state.value }) as Once<T>;
}
