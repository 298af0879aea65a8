// Loading something once and sharing the promise (a chunk, the definitions): the console's one
// helper for it, so that every such place forgets a failure the same way.

/**
 * `load`, run on the first call, its promise shared by every later caller. A failure is not kept:
 * a chunk that could not be fetched (offline, a deploy in between) or a request that failed is
 * tried again by the next call rather than failing for the rest of the page's life. (Kept this
 * small on purpose: the access control provider brings it into the entry, which /login's budget
 * measures.)
 */
export function once<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () =>
    (pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    }));
}
