import type { ApiEnvelope, Loader, LoaderRequest } from "./loader";

/** A prefetched answer is used only by a request made this soon after it started. */
export const PREFETCH_TTL_MS = 10_000;

export type PrefetchingLoader = Loader & {
  /**
   * Starts a GET whose answer the next identical GET (same URL and parameters) takes instead of
   * asking again. A page opened by URL knows what it will ask before its code has arrived, so its
   * questions travel while its chunks download. Failures are not remembered: the real request
   * then asks again and reports its own error.
   */
  prefetch: (request: Omit<LoaderRequest, "method" | "body">) => void;
};

/** A request's parameters in name order, empty ones left out as axios does, each as `name=value` (`encode` applied to both). */
export function sortedQuery(params: Record<string, unknown> | undefined, encode = (text: string) => text): string {
  return Object.entries(params ?? {})
    .filter(([, value]) => value !== undefined && value !== null)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${encode(name)}=${encode(String(value))}`)
    .join("&");
}

/** The request's identity: its URL and its parameters in name order, empty ones left out as axios does. */
export function requestKey({ url, params }: Pick<LoaderRequest, "url" | "params">): string {
  return `${url}?${sortedQuery(params)}`;
}

/** An answer asked for before the request that takes it: when it was asked, and the envelope to come. */
export interface EarlyAnswer {
  at: number;
  answer: Promise<ApiEnvelope<unknown>>;
}

/**
 * Where index.html's inline script leaves what it asked before any module ran, by request key,
 * each with the language it asked in (the server words its messages in it).
 */
export const EARLY_ANSWERS = "__ccEarly";

/** index.html's early answers that were asked in `locale`, taken once (a second call finds none). */
export function takeEarlyAnswers(locale: string, from: Record<string, unknown> = globalThis as Record<string, unknown>): Map<string, EarlyAnswer> {
  const early = from[EARLY_ANSWERS] as Record<string, EarlyAnswer & { lang?: string }> | undefined;
  delete from[EARLY_ANSWERS];
  return new Map(Object.entries(early ?? {}).filter(([, e]) => e.lang === locale));
}

export function withPrefetch(load: Loader, now = () => Date.now(), early: Map<string, EarlyAnswer> = new Map()): PrefetchingLoader {
  const pending = new Map<string, EarlyAnswer>();
  const remember = (key: string, entry: EarlyAnswer) => {
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
  early.forEach((entry, key) => remember(key, entry));

  const prefetching = (<T>(request: LoaderRequest) => {
    if (request.method.toUpperCase() === "GET" && !request.headers) {
      const key = requestKey(request);
      const early = pending.get(key);
      if (early) {
        // One answer serves one request: a later question (a refetch) asks the server again.
        pending.delete(key);
        if (now() - early.at <= PREFETCH_TTL_MS) return early.answer.catch(() => load<T>(request)) as Promise<ApiEnvelope<T>>;
      }
    }
    return load<T>(request);
  }) as PrefetchingLoader;

  prefetching.prefetch = ({ url, params, headers }) => {
    if (headers) return;
    const key = requestKey({ url, params });
    if (pending.has(key)) return;
    remember(key, { at: now(), answer: load({ method: "GET", url, params }) });
  };

  return prefetching;
}
