// The per-socket allowance and bounded caches, without a server: a fake socket's middleware.
import { afterEach, describe, expect, it, vi } from "vitest";
import { BoundedMap, limitEvents } from "../realtime/socketLimits.js";

function fakeSocket() {
  let middleware: ((packet: unknown[], next: () => void) => void) | undefined;
  return {
    use(fn: typeof middleware) {
      middleware = fn;
      return this;
    },
    /** Sends one event; true when it reached the handlers. */
    send(): boolean {
      let passed = false;
      middleware!(["event"], () => (passed = true));
      return passed;
    },
  };
}

afterEach(() => vi.useRealTimers());

describe("limitEvents", () => {
  it("lets a burst through, refills over time, and calls exceeded once", () => {
    vi.useFakeTimers();
    const socket = fakeSocket();
    const exceeded = vi.fn();
    limitEvents(socket as never, exceeded, { burst: 3, perSecond: 2 });
    expect([socket.send(), socket.send(), socket.send(), socket.send(), socket.send()]).toEqual([true, true, true, false, false]);
    expect(exceeded).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1_000);
    expect([socket.send(), socket.send(), socket.send()]).toEqual([true, true, false]);
    expect(exceeded).toHaveBeenCalledTimes(1);
  });
});

describe("BoundedMap", () => {
  it("forgets its oldest entry past its size", () => {
    const map = new BoundedMap<number, string>(2);
    map.set(1, "a").set(2, "b").set(2, "b2").set(3, "c");
    expect([...map.keys()]).toEqual([2, 3]);
    expect(map.get(2)).toBe("b2");
  });
});
