// The console's connection, and the hooks screens use it through. Tests hand a fake connection in
// through LiveContext; the console uses the one instance below.
import { createContext, useContext, useEffect, useSyncExternalStore } from "react";
import { useLatest } from "../useLatest";
import type { ServerToClient } from "../../../protocol/realtime";
import { createLiveConnection, type LiveConnection, type LiveStatus } from "./connection";

/** The one socket of this browser tab (started by LiveSync in the shell, stopped on sign-out). */
export const live = createLiveConnection();

export const LiveContext = createContext<LiveConnection>(live);

export const useLive = () => useContext(LiveContext);

export function useLiveStatus(): LiveStatus {
  const connection = useLive();
  return useSyncExternalStore(connection.onStatus, connection.status);
}

/** Calls the latest `listener` for every `event` while the component is mounted. */
export function useLiveEvent<E extends keyof ServerToClient>(event: E, listener: ServerToClient[E]) {
  const connection = useLive();
  const latest = useLatest(listener);
  useEffect(
    () => connection.on(event, ((...args: unknown[]) => (latest.current as (...a: unknown[]) => void)(...args)) as ServerToClient[E]),
    [connection, event],
  );
}

/** Calls the latest `listener(again)` on every connect (again: after a lost connection came back). */
export function useLiveConnect(listener: (again: boolean) => void) {
  const connection = useLive();
  const latest = useLatest(listener);
  useEffect(() => connection.onConnect((again) => latest.current(again)), [connection]);
}

/** Calls the latest `listener(reason)` when the server refuses this tab's session (see LiveConnection.onEnded). */
export function useLiveEnded(listener: (reason: string) => void) {
  const connection = useLive();
  const latest = useLatest(listener);
  useEffect(() => connection.onEnded((reason) => latest.current(reason)), [connection]);
}
