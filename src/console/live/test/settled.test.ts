// whenSettled: waits for no query in flight for QUIET_MS and an idle browser; gives up waiting at maxMs; cancels.
import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { QUIET_MS, whenSettled } from "../settled";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("whenSettled", () => {
  it("runs once nothing has been fetched for a while, not while a query is in flight", async () => {
    const client = new QueryClient();
    let finish = () => {};
    void client.fetchQuery({ queryKey: ["slow"], queryFn: () => new Promise<number>((resolve) => (finish = () => resolve(1))) });
    const run = vi.fn();
    whenSettled(client, run, { maxMs: 60_000 });
    await vi.advanceTimersByTimeAsync(QUIET_MS * 4);
    expect(run).not.toHaveBeenCalled();
    finish();
    await vi.advanceTimersByTimeAsync(QUIET_MS - 50);
    expect(run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(100);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it("runs at maxMs however busy the page stays, and never once cancelled", async () => {
    const client = new QueryClient();
    void client.fetchQuery({ queryKey: ["never"], queryFn: () => new Promise<number>(() => {}) });
    const run = vi.fn();
    whenSettled(client, run, { maxMs: 2_000 });
    await vi.advanceTimersByTimeAsync(1_999);
    expect(run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(1);

    const cancelled = vi.fn();
    whenSettled(new QueryClient(), cancelled)();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(cancelled).not.toHaveBeenCalled();
  });

  it("notes a burst of cache events without a timer each, and still waits out the quiet period after the last", async () => {
    const client = new QueryClient();
    const run = vi.fn();
    whenSettled(client, run, { maxMs: 60_000 });
    await vi.advanceTimersByTimeAsync(QUIET_MS - 100);
    // The cache's own timers (each new query's garbage collection) are counted on a client nobody watches.
    const timers = vi.spyOn(globalThis, "setTimeout");
    const burst = (c: QueryClient) => {
      timers.mockClear();
      for (let i = 0; i < 300; i += 1) c.setQueryData(["row", i], i);
      return timers.mock.calls.length;
    };
    const unwatched = burst(new QueryClient());
    expect(burst(client) - unwatched).toBeLessThanOrEqual(1);
    timers.mockRestore();
    await vi.advanceTimersByTimeAsync(QUIET_MS - 50);
    expect(run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(100);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
