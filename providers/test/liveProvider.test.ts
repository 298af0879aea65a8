import { describe, expect, it, vi } from "vitest";
import type { ResourceEvent } from "../../protocol/realtime";
import { createLiveProvider, type ResourceEventSource } from "../liveProvider";

function source() {
  const listeners = new Set<(event: ResourceEvent) => void>();
  const events: ResourceEventSource & { send: (event: ResourceEvent) => void; listening: () => number } = {
    on: (_name, listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    send: (event) => {
      for (const listener of listeners) listener(event);
    },
    listening: () => listeners.size,
  };
  return events;
}

const event = (type: ResourceEvent["type"], ids: number[], channel = "resources/posts"): ResourceEvent => ({
  channel,
  type,
  payload: { ids, version: 5, center_code: "JKT01", by: { id: 2, name: "Rina Manager" } },
  date: "2026-11-22T08:00:00.000Z",
});

describe("the live provider", () => {
  it("gives a list every change on its channel, as Refine's LiveEvent", () => {
    const events = source();
    const provider = createLiveProvider(events);
    const callback = vi.fn();
    provider.subscribe({ channel: "resources/posts", types: ["*"], callback, params: { subscriptionType: "useList", resource: "posts" } });
    events.send(event("updated", [3]));
    events.send(event("created", [9], "resources/careers"));
    expect(callback).toHaveBeenCalledTimes(1);
    expect(callback).toHaveBeenCalledWith({
      channel: "resources/posts",
      type: "updated",
      payload: { ids: [3], version: 5, center_code: "JKT01", by: { id: 2, name: "Rina Manager" } },
      date: new Date("2026-11-22T08:00:00.000Z"),
    });
  });

  it("gives a subscription only the types it asked for", () => {
    const events = source();
    const callback = vi.fn();
    createLiveProvider(events).subscribe({ channel: "resources/posts", types: ["deleted"], callback });
    events.send(event("updated", [3]));
    events.send(event("deleted", [3]));
    expect(callback.mock.calls.map(([e]) => e.type)).toEqual(["deleted"]);
  });

  it("gives a record screen changes to its own record only (ids compared as the router passes them)", () => {
    const events = source();
    const one = vi.fn();
    const many = vi.fn();
    const provider = createLiveProvider(events);
    provider.subscribe({ channel: "resources/posts", types: ["*"], callback: one, params: { subscriptionType: "useOne", id: "3", ids: ["3"] } });
    provider.subscribe({ channel: "resources/posts", types: ["*"], callback: many, params: { subscriptionType: "useMany", ids: [4, 5] } });
    events.send(event("updated", [4]));
    events.send(event("updated", [3]));
    expect(one.mock.calls.map(([e]) => e.payload.ids)).toEqual([[3]]);
    expect(many.mock.calls.map(([e]) => e.payload.ids)).toEqual([[4]]);
  });

  it("stops calling back after unsubscribe", () => {
    const events = source();
    const provider = createLiveProvider(events);
    const callback = vi.fn();
    const subscription = provider.subscribe({ channel: "resources/posts", types: ["*"], callback });
    expect(events.listening()).toBe(1);
    provider.unsubscribe(subscription);
    events.send(event("updated", [3]));
    expect(callback).not.toHaveBeenCalled();
    expect(events.listening()).toBe(0);
  });
});
