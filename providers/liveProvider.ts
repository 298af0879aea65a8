// Refine's live provider over the console's socket: each `live` event the server sends (see
// protocol/realtime.ts) goes to the subscriptions whose channel, type and records it concerns.
import type { BaseKey, LiveEvent, LiveProvider } from "@refinedev/core";
import type { ResourceEvent } from "../protocol/realtime";

/** Where resource events come from (the console's connection; a fake in tests). */
export interface ResourceEventSource {
  on(event: "live", listener: (event: ResourceEvent) => void): () => void;
}

type Subscription = Parameters<LiveProvider["subscribe"]>[0];

export const toLiveEvent = (event: ResourceEvent): LiveEvent => ({
  channel: event.channel,
  type: event.type,
  payload: { ...event.payload },
  date: new Date(event.date),
});

/** The records a subscription is about: a record screen's one, a useMany's few, or every one (lists). */
function watchedIds(params: Subscription["params"]): BaseKey[] | null {
  if (params?.subscriptionType === "useOne") return params.id === undefined ? null : [params.id];
  if (params?.subscriptionType === "useMany") return params.ids?.length ? params.ids : null;
  return null;
}

export function concerns({ channel, types, params }: Pick<Subscription, "channel" | "types" | "params">, event: ResourceEvent): boolean {
  if (event.channel !== channel) return false;
  if (!types.includes("*") && !types.includes(event.type)) return false;
  const ids = watchedIds(params);
  if (!ids) return true;
  const wanted = new Set(ids.map(String));
  return event.payload.ids.some((id) => wanted.has(String(id)));
}

export function createLiveProvider(source: ResourceEventSource): LiveProvider {
  return {
    subscribe(subscription) {
      return source.on("live", (event) => {
        if (concerns(subscription, event)) subscription.callback(toLiveEvent(event));
      });
    },
    unsubscribe(unsubscribe: unknown) {
      if (typeof unsubscribe === "function") unsubscribe();
    },
  };
}
