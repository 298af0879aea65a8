// Socket helpers for the realtime tests: a client that connects (or says why not), what it hears,
// and waiting for it.
import { io as connectClient, type Socket } from "socket.io-client";
import { SOCKET_PATH } from "../../protocol/realtime.js";
import { protocolViolation } from "./protocolEvents.js";

/**
 * Opens sockets to `base` and disconnects them all at the end of the file. Every event a socket
 * hears is checked against the protocol's types (`checked`).
 */
export function socketClient(base: () => string) {
  const sockets: Socket[] = [];
  const heardEvents = { count: 0, violations: [] as string[] };
  return {
    /** Resolves once connected; rejects with the refusal's message. */
    connect(auth: object, options: { url?: string; origin?: string } = {}): Promise<Socket> {
      const socket = connectClient(options.url ?? base(), {
        path: SOCKET_PATH,
        auth,
        transports: ["websocket"],
        reconnection: false,
        forceNew: true,
        ...(options.origin ? { extraHeaders: { origin: options.origin } } : {}),
      });
      sockets.push(socket);
      const audience = "visitor" in auth ? "visitor" : "staff";
      socket.onAny((event: string, ...args: unknown[]) => {
        heardEvents.count += 1;
        const violation = protocolViolation(audience, event, args);
        if (violation) heardEvents.violations.push(violation);
      });
      return new Promise((resolve, reject) => {
        socket.once("connect", () => resolve(socket));
        socket.once("connect_error", reject);
      });
    },
    /** How many events the sockets heard, and each that broke the protocol. */
    checked() {
      return heardEvents;
    },
    closeAll() {
      for (const s of sockets) s.disconnect();
    },
  };
}

/** Everything a socket receives of one event, from now on. */
export function heard<T>(socket: Socket, event: string): T[] {
  const got: T[] = [];
  socket.on(event, (...args: unknown[]) => got.push(args[0] as T));
  return got;
}

export async function until(check: () => boolean, ms = 3_000) {
  for (const end = Date.now() + ms; !check(); await new Promise((r) => setTimeout(r, 20))) {
    if (Date.now() > end) throw new Error("timed out waiting");
  }
}

/** Long enough for an event that is coming to arrive: proves one did not. */
export const settle = () => new Promise((r) => setTimeout(r, 300));
