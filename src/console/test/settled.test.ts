// whenSettled: waits for no query in flight for QUIET_MS and an idle browser; gives up waiting at maxMs; cancels.
// whenIdle, its last step; useWhenSettled, it for a component.
import { createElement, type ReactNode } from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { QUIET_MS, useWhenSettled, whenIdle, whenSettled } from "../settled";

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

describe("whenIdle", () => {
  it("runs in an idle period long enough, and at maxMs however busy the browser stays", async () => {
    // jsdom has no requestIdleCallback: one that never offers 40 ms stands in for a busy browser.
    const requests: { run: IdleRequestCallback; timeout?: number }[] = [];
    vi.stubGlobal("requestIdleCallback", (run: IdleRequestCallback, options?: IdleRequestOptions) => requests.push({ run, timeout: options?.timeout }));
    vi.stubGlobal("cancelIdleCallback", () => {});
    try {
      const run = vi.fn();
      whenIdle(run, { maxMs: 3_000 });
      const short = { didTimeout: false, timeRemaining: () => 5 };
      requests.at(-1)!.run(short);
      expect(run).not.toHaveBeenCalled();
      expect(requests).toHaveLength(2);
      requests.at(-1)!.run({ didTimeout: true, timeRemaining: () => 0 });
      expect(run).toHaveBeenCalledTimes(1);

      const patient = vi.fn();
      whenIdle(patient);
      expect(requests.at(-1)!.timeout).toBeUndefined();
      requests.at(-1)!.run(short);
      expect(patient).not.toHaveBeenCalled();
      requests.at(-1)!.run({ didTimeout: false, timeRemaining: () => 45 });
      expect(patient).toHaveBeenCalledTimes(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe("useWhenSettled", () => {
  it("waits for `ready`, then for the screen to settle, runs the latest callback, and is cancelled by unmounting", async () => {
    const client = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client }, children);
    const first = vi.fn();
    const { rerender, unmount } = renderHook(({ ready, run }) => useWhenSettled(ready, run, { maxMs: 60_000 }), {
      wrapper,
      initialProps: { ready: false, run: first },
    });
    await vi.advanceTimersByTimeAsync(QUIET_MS * 4);
    expect(first).not.toHaveBeenCalled();
    const latest = vi.fn();
    rerender({ ready: true, run: first });
    rerender({ ready: true, run: latest });
    await vi.advanceTimersByTimeAsync(QUIET_MS + 50);
    expect(first).not.toHaveBeenCalled();
    expect(latest).toHaveBeenCalledTimes(1);

    const unmounted = vi.fn();
    const other = renderHook(() => useWhenSettled(true, unmounted), { wrapper });
    other.unmount();
    unmount();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(unmounted).not.toHaveBeenCalled();
  });
});
