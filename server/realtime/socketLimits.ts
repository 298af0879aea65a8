// What one socket may ask of the server. Every event a client sends may cost a database lookup
// (may this socket see that record, that conversation?), so a socket gets a small allowance that
// refills over time, as a token bucket: a console that opens records and types spends a few events
// a second; a client that floods spends its burst at once and is dropped, having cost the server
// no more than that burst.
import type { Socket } from "socket.io";

export interface EventLimits {
  /** Events a socket may send at once. */
  burst: number;
  /** Events a second the allowance refills by. */
  perSecond: number;
}

export const SOCKET_EVENT_LIMITS: EventLimits = { burst: 12, perSecond: 4 };

/**
 * Counts every event the client sends before any handler sees it; past the allowance the event is
 * ignored and `exceeded` is called once (it should drop the socket).
 */
export function limitEvents(socket: Pick<Socket, "use">, exceeded: () => void, limits: EventLimits = SOCKET_EVENT_LIMITS): void {
  let allowance = limits.burst;
  let last = Date.now();
  let over = false;
  socket.use((_packet, next) => {
    const now = Date.now();
    allowance = Math.min(limits.burst, allowance + ((now - last) / 1000) * limits.perSecond);
    last = now;
    if (allowance >= 1) {
      allowance -= 1;
      next();
      return;
    }
    if (!over) {
      over = true;
      exceeded();
    }
  });
}

/** A Map that forgets its oldest entry past `max`: per-socket caches stay bounded. */
export class BoundedMap<K, V> extends Map<K, V> {
  constructor(private readonly max: number) {
    super();
  }

  override set(key: K, value: V): this {
    if (!this.has(key) && this.size >= this.max) this.delete(this.keys().next().value as K);
    return super.set(key, value);
  }
}
