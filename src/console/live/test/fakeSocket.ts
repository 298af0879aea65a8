// A stand-in for socket.io-client's socket: the test plays the server (open, drop, refuse, send)
// and reads what the console emitted. Used with the real createLiveConnection.
import { act } from "@testing-library/react";
import type { ManagerOptions, SocketOptions } from "socket.io-client";
import type { ServerToClient } from "../../../../protocol/realtime";
import { createLiveConnection, type SocketLike } from "../connection";

type Listener = (...args: any[]) => void;

export function fakeSocket() {
  const listeners = new Map<string, Set<Listener>>();
  const catchAll = new Set<(event: string, ...args: any[]) => void>();
  const fire = (event: string, ...args: unknown[]) => {
    for (const listener of listeners.get(event) ?? []) listener(...args);
  };
  const socket = {
    /** Whether the connection attached its listeners (it has loaded the socket). */
    attached: () => listeners.size > 0,
    connected: false as boolean,
    active: true as boolean,
    emitted: [] as [string, ...unknown[]][],
    connectCalls: 0,
    disconnectCalls: 0,
    /** What socket.io does at every (re)connect: it asks the connection's `auth` for the handshake. */
    handshake: (() => {}) as () => void,
    on(event: string, listener: Listener) {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      set.add(listener);
    },
    onAny(listener: (event: string, ...args: any[]) => void) {
      catchAll.add(listener);
    },
    emit(event: string, ...args: unknown[]) {
      socket.emitted.push([event, ...args]);
    },
    connect() {
      socket.connectCalls++;
      socket.handshake();
    },
    disconnect() {
      socket.disconnectCalls++;
      socket.connected = false;
    },
    // The server's side.
    open() {
      socket.connected = true;
      socket.active = true;
      fire("connect");
    },
    drop(reason: string) {
      socket.connected = false;
      socket.active = reason !== "io server disconnect";
      fire("disconnect", reason);
    },
    refuse(message: string) {
      socket.active = false;
      fire("connect_error", new Error(message));
    },
    send<E extends keyof ServerToClient>(event: E, ...args: Parameters<ServerToClient[E]>) {
      for (const listener of catchAll) listener(event, ...args);
    },
  } satisfies SocketLike & Record<string, unknown>;
  return socket;
}

export type FakeSocket = ReturnType<typeof fakeSocket>;

/** The real connection over a fake socket; `connected()` starts it and lets the server accept it. */
export function fakeLive() {
  const socket = fakeSocket();
  let options: Partial<ManagerOptions & SocketOptions> | undefined;
  let made = 0;
  const connection = createLiveConnection({
    connect: async (opts) => {
      options = opts;
      made++;
      socket.handshake = () => (opts.auth as (cb: (data: object) => void) => void)(() => {});
      // socket.io connects (and so asks for the handshake) as soon as it is made.
      socket.handshake();
      return socket;
    },
  });
  return {
    connection,
    socket,
    options: () => options,
    made: () => made,
    /** Starts the connection and lets the server accept it. */
    async connected() {
      await act(async () => {
        connection.start();
        for (let i = 0; i < 20 && !socket.attached(); i++) await Promise.resolve();
      });
      act(() => socket.open());
    },
    /** The server sends `event` to this browser. */
    send<E extends keyof ServerToClient>(event: E, ...args: Parameters<ServerToClient[E]>) {
      act(() => socket.send(event, ...args));
    },
  };
}
