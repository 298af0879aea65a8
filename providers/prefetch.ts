import type { ApiEnvelope, Loader, LoaderRequest } from "./loader";

/** A prefetched answer is used only by a request made this soon after it started. */
export const PREFETCH_TTL_MS = 10_000;

export type PrefetchingLoader = Loader & {
  /**
   * Starts a GET whose answer the next identical GET (same URL and parameters) takes instead of
   * asking again. A page opened by URL knows what it will ask before its code has arrived, so its
   * questions travel while its chunks download. Failures are not remembered: the real request
   * then asks again and reports its own error. Returns the answer to come (undefined when nothing
   * was started), for a caller whose next question depends on it.
   */
  prefetch: (request: Omit<LoaderRequest, "method" | "body">) => Promise<unknown> | undefined;
};

/** The request's identity: its URL and its parameters in name order, empty ones left out as axios does. */
export function requestKey({ url, params }: Pick<LoaderRequest, "url" | "params">): string {
  const query = Object.entries(params ?? {})
    .filter(([, value]) => value !== undefined && value !== null)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${String(value)}`)
    .join("&");
  return `${url}?${query}`;
}

/** A prefetched answer: when it was asked, and the envelope to come. */
interface Prefetched {
  at: number;
  answer: Promise<ApiEnvelope<unknown>>;
}

export function withPrefetch(load: Loader, now = () => Date.now()): PrefetchingLoader {
  const pending = new Map<string, Prefetched>();
  const remember = (key: string, entry: Prefetched) => {
    // An unused prefetch that failed must not surface as an unhandled rejection.
    entry.answer.catch(() => undefined);
    pending.set(key, entry);
    // Unused answers are dropped, so an unconsumed prefetch holds no data for long.
    setTimeout(
      () => {
        if (pending.get(key) === entry) pending.delete(key);
      },
      Math.max(0, entry.at + PREFETCH_TTL_MS - now()),
    );
  };
  const prefetching = (<T>(request: LoaderRequest) => {
    if (request.method.toUpperCase() === "GET" && !request.headers) {
      const key = requestKey(request);
      const prefetched = pending.get(key);
      if (prefetched) {
        // One answer serves one request: a later question (a refetch) asks the server again.
        pending.delete(key);
        if (now() - prefetched.at <= PREFETCH_TTL_MS) return prefetched.answer.catch(() => load<T>(request)) as Promise<ApiEnvelope<T>>;
      }
    }
    return load<T>(request);
  }) as PrefetchingLoader;

  prefetching.prefetch = ({ url, params, headers }) => {
    if (headers) return undefined;
    const key = requestKey({ url, params });
    const known = pending.get(key);
    if (known) return known.answer;
    const entry = { at: now(), answer: load({ method: "GET", url, params }) };
    remember(key, entry);
    return entry.answer;
  };

  return prefetching;
}
