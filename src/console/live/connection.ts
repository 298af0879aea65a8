// The console's one socket.io connection per signed-in session. socket.io-client loads on the
// first start (after the shell renders), so the entry screens never carry it. Screens attach their
// listeners here rather than to a socket: they survive the socket being replaced or not there yet.
import type { ManagerOptions, SocketOptions } from "socket.io-client";
import { REFUSAL, SOCKET_PATH, type ClientToServer, type HandshakeAuth, type ServerToClient } from "../../../protocol/realtime";
import { session } from "../../../providers/session";

/** idle: not started (or stopped); reconnecting: lost after having been connected. */
export type LiveStatus = "idle" | "connecting" | "connected" | "reconnecting";

/** What the connection uses of socket.io-client's Socket. */
export interface SocketLike {
  readonly connected: boolean;
  /** False once the server refused the handshake: socket.io will not try again by itself. */
  readonly active: boolean;
  on(event: string, listener: (...args: any[]) => void): unknown;
  onAny(listener: (event: string, ...args: any[]) => void): unknown;
  emit(event: string, ...args: unknown[]): unknown;
  connect(): unknown;
  disconnect(): unknown;
}

export type SocketFactory = (options: Partial<ManagerOptions & SocketOptions>) => Promise<SocketLike>;

export interface LiveConnection {
  /** Connects, once; a second call while started does nothing. */
  start(): void;
  /** Disconnects and stays disconnected (sign-out). Listeners stay attached. */
  stop(): void;
  status(): LiveStatus;
  onStatus(listener: () => void): () => void;
  /** Calls `listener(again)` on every connect; `again` is false on the first one of a start. */
  onConnect(listener: (again: boolean) => void): () => void;
  /**
   * Calls `listener(reason)` when the server refused this tab's session (signed out, signed out
   * everywhere, a new password elsewhere, the account disabled, the center's assignment gone):
   * the connection has stopped, and the tab must leave what it shows.
   */
  onEnded(listener: (reason: string) => void): () => void;
  on<E extends keyof ServerToClient>(event: E, listener: ServerToClient[E]): () => void;
  /** Sent only while connected: what must survive a reconnect is sent again from onConnect. */
  emit<E extends keyof ClientToServer>(event: E, ...args: Parameters<ClientToServer[E]>): void;
}

/** The handshake's token and center, read again at every (re)connect: a new password gives a new token. */
export function sessionAuth(): HandshakeAuth {
  return { token: session.getUser()?.token ?? "", center: session.getCenter()?.code ?? null };
}

/** Spec §9 (the library defaults, stated so they cannot drift): 20 s to connect, retries 1 s to 5 s, ±50 %. */
export const SOCKET_OPTIONS = {
  path: SOCKET_PATH,
  timeout: 20_000,
  reconnectionDelay: 1_000,
  reconnectionDelayMax: 5_000,
  randomizationFactor: 0.5,
} as const;

/** The wait before the n-th retry socket.io leaves to us (after the server dropped or refused us). */
export function retryDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(SOCKET_OPTIONS.reconnectionDelay * 2 ** attempt, SOCKET_OPTIONS.reconnectionDelayMax);
  const jitter = base * SOCKET_OPTIONS.randomizationFactor * (random() * 2 - 1);
  return Math.round(Math.min(base + jitter, SOCKET_OPTIONS.reconnectionDelayMax));
}

/** Refusals that retrying with the same session cannot fix: the session has ended for this tab. */
const FINAL = new Set<string>([REFUSAL.unauthorized, REFUSAL.notAssigned, REFUSAL.secondFactor]);

const loadSocketIo: SocketFactory = async (options) => (await import("socket.io-client")).io(options);

export function createLiveConnection({
  auth = sessionAuth,
  renewal = session.tokenRenewal,
  connect = loadSocketIo,
}: {
  auth?: () => HandshakeAuth;
  /** While this session's new token is on its way (see session.renewToken). */
  renewal?: () => Promise<void> | null;
  connect?: SocketFactory;
} = {}): LiveConnection {
  let socket: SocketLike | null = null;
  let generation = 0;
  let started = false;
  let current: LiveStatus = "idle";
  let everConnected = false;
  let attempt = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const statusListeners = new Set<() => void>();
  const connectListeners = new Set<(again: boolean) => void>();
  const endedListeners = new Set<(reason: string) => void>();
  /** The token the last handshake carried: a refusal is about that one, not a newer one. */
  let sentToken: string | undefined;
  /** The server said `session:ended` before dropping us: ask again at once, not after a wait. */
  let askNow = false;
  const eventListeners = new Map<string, Set<(...args: any[]) => void>>();

  const setStatus = (next: LiveStatus) => {
    if (current === next) return;
    current = next;
    for (const listener of statusListeners) listener();
  };

  /** socket.io retries a lost connection itself, but not one the server closed or refused. */
  const retryLater = (s: SocketLike) => {
    clearTimeout(retry);
    retry = setTimeout(() => {
      if (socket === s && started) s.connect();
    }, retryDelay(attempt++));
  };

  function attach(s: SocketLike) {
    s.on("connect", () => {
      attempt = 0;
      const again = everConnected;
      everConnected = true;
      setStatus("connected");
      for (const listener of connectListeners) listener(again);
    });
    s.on("disconnect", (reason: string) => {
      if (socket !== s) return;
      setStatus(everConnected ? "reconnecting" : "connecting");
      if (reason !== "io server disconnect") return;
      // After `session:ended` the next handshake says at once whether this tab's session goes on
      // (a new password in this session: its new token is accepted) or is over (refused).
      if (askNow) {
        askNow = false;
        s.connect();
      } else retryLater(s);
    });
    s.on("connect_error", (error: Error) => {
      if (socket !== s) return;
      if (FINAL.has(error?.message)) {
        const decide = () => {
          if (socket !== s) return;
          // A token renewed since the handshake left (a password changed in this session) may still be good.
          const token = auth().token;
          if (token && token !== sentToken) {
            s.connect();
            return;
          }
          stop();
          for (const listener of endedListeners) listener(error.message);
        };
        // The refusal may have overtaken the answer carrying this session's new token.
        const pending = renewal();
        if (pending) void pending.then(decide);
        else decide();
        return;
      }
      if (!s.active) retryLater(s);
    });
    s.onAny((event, ...args) => {
      if (event === "session:ended") askNow = true;
      for (const listener of eventListeners.get(event) ?? []) listener(...args);
    });
  }

  function start() {
    if (started) return;
    started = true;
    const mine = ++generation;
    setStatus("connecting");
    const handshake = (cb: (data: object) => void) => {
      const data = auth();
      sentToken = data.token;
      cb(data);
    };
    connect({ ...SOCKET_OPTIONS, auth: handshake }).then(
      (s) => {
        if (mine !== generation) {
          s.disconnect();
          return;
        }
        socket = s;
        attach(s);
      },
      () => {
        // The chunk did not load (offline, a new deploy): the console works on without live updates.
        if (mine === generation) stop();
      },
    );
  }

  function stop() {
    started = false;
    generation++;
    clearTimeout(retry);
    const s = socket;
    socket = null;
    everConnected = false;
    attempt = 0;
    askNow = false;
    s?.disconnect();
    setStatus("idle");
  }

  return {
    start,
    stop,
    status: () => current,
    onStatus(listener) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    onConnect(listener) {
      connectListeners.add(listener);
      return () => connectListeners.delete(listener);
    },
    onEnded(listener) {
      endedListeners.add(listener);
      return () => endedListeners.delete(listener);
    },
    on(event, listener) {
      const set = eventListeners.get(event) ?? new Set();
      eventListeners.set(event, set);
      set.add(listener);
      return () => set.delete(listener);
    },
    emit(event, ...args) {
      if (socket?.connected) socket.emit(event, ...args);
    },
  };
}
