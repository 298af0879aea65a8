// The server's side of the live console: socket.io on the API's own port, the handshake checked
// as REST requests are, rooms per user and per what a socket may read, and the events routes
// publish after their writes commit. With PostgreSQL, socket.io's PostgreSQL adapter carries every
// broadcast to the sockets of every instance (NOTIFY on a connection of its own, outside the pool).
import { createAdapter } from "@socket.io/postgres-adapter";
import type { FastifyInstance } from "fastify";
import type pg from "pg";
import { Server, type Socket } from "socket.io";
import {
  SOCKET_PATH,
  REFUSAL,
  type ApprovalEvent,
  type ClientToServer,
  type NotificationItem,
  type Person,
  type ResourceEvent,
  type ServerToClient,
} from "../../protocol/realtime.js";
import { rooms } from "../../protocol/realtime.js";
import type { ResourceDefinition } from "../../resources/types.js";
import type { KeptSession } from "../changes.js";
import { resolveIdentity } from "../plugins/auth.js";
import { fanOutPool } from "./fanOutPool.js";
import { authenticateSocket, originAllowed, type SocketData, type StaffSocketData, type VisitorSocketData } from "./handshake.js";
import { handlePresence } from "./presence.js";
import { limitEvents } from "./socketLimits.js";
import { readersOf, reviewersOf, roomsOf } from "./rooms.js";

export interface RealtimeOptions {
  definitions: readonly ResourceDefinition[];
  /** With a PostgreSQL server: events fan out to every instance through it. */
  databaseUrl?: string;
  /** Origins besides the console's own that may open a socket (a development server, say). */
  allowedOrigins?: readonly string[];
}

/** What routes call after a write commits. */
export interface Live {
  /** A record changed: everyone who may read it refetches. */
  resourceChanged(
    def: ResourceDefinition,
    type: ResourceEvent["type"],
    record: { id: number; version?: number; center_code: string | null },
    by?: Person,
    transition?: ResourceEvent["payload"]["transition"],
  ): void;
  /** An approval queue changed at a center. */
  approvalChanged(event: Omit<ApprovalEvent, "date">): void;
  /** A stored notification, delivered to every socket of its user. */
  notify(userId: number, item: NotificationItem, unread: number): void;
  /** The user's notifications were read on one device: the others update their count. */
  notificationsRead(userId: number, unread: number): void;
  /**
   * A user's sessions, password, status or assignments changed (or, without a user, a role's
   * permissions): their sockets are checked again and dropped or moved to their new rooms.
   * `keep`: a session that goes on with a new token version (its own password change).
   */
  accessChanged(userId?: number, keep?: KeptSession): void;
  io: Server<ClientToServer, ServerToClient, ServerEvents, SocketData>;
  /**
   * Lets a feature admit sockets of its own (the chat widget's visitors, whose handshake carries
   * `auth.visitor` instead of a staff token) and handle their events.
   */
  acceptVisitors(handler: VisitorHandler): void;
  /** Adds a feature's event handlers to every staff socket that connects. */
  onStaffSocket(handler: (socket: Socket, data: StaffSocketData) => void): void;
}

export interface VisitorHandler {
  /** The visitor's conversation for a token, or null to refuse the handshake. */
  authenticate(token: string): Promise<VisitorSocketData | null>;
  connected(socket: Socket, data: VisitorSocketData): void;
}

declare module "fastify" {
  interface FastifyInstance {
    live: Live;
  }
}

// The longest a timer may wait (setTimeout's limit); a token expiring later is checked again then.
const MAX_TIMER = 2 ** 31 - 1;
/** What instances say to each other (through the adapter). */
interface ServerEvents {
  revalidate: (userId: number | null, keep?: KeptSession) => void;
}

export async function registerRealtime(app: FastifyInstance, options: RealtimeOptions): Promise<void> {
  const definitions = new Map(options.definitions.map((d) => [d.name, d]));
  const allowed = options.allowedOrigins ?? [];
  const io = new Server<ClientToServer, ServerToClient, ServerEvents, SocketData>(app.server, {
    path: SOCKET_PATH,
    serveClient: false,
    // A browser page of another origin never opens a socket (WebSocket is not bound by CORS).
    allowRequest: (req, done) => done(originAllowed(req, allowed) ? null : REFUSAL.origin, originAllowed(req, allowed)),
    // Presence must notice a closed laptop within seconds, not the default 45.
    pingInterval: 10_000,
    pingTimeout: 5_000,
    maxHttpBufferSize: 16_384,
  });

  let adapterPool: pg.Pool | undefined;
  if (options.databaseUrl) {
    // Its own small pool: the adapter holds one connection for LISTEN for as long as it runs, and
    // takes a new one by itself when that one dies (fanOutPool keeps the dead one from staying).
    adapterPool = fanOutPool(options.databaseUrl, app.log);
    io.adapter(createAdapter(adapterPool, { heartbeatInterval: 5_000, heartbeatTimeout: 10_000 }));
  }
  const fannedOut = !!adapterPool;

  let visitors: VisitorHandler | undefined;
  const staffHandlers: ((socket: Socket, data: StaffSocketData) => void)[] = [];

  io.use((socket, next) => {
    const visitorToken = (socket.handshake.auth as { visitor?: unknown } | undefined)?.visitor;
    const admit: Promise<SocketData> =
      typeof visitorToken === "string" && visitors
        ? visitors.authenticate(visitorToken).then((data) => {
            if (!data) throw new Error(REFUSAL.unauthorized);
            return data;
          })
        : authenticateSocket(app.db, app.tokens, socket, app.twoFactor.requireByDefault);
    admit.then(
      (data) => {
        socket.data = data;
        next();
      },
      (err: Error) => next(err.message && Object.values(REFUSAL).includes(err.message as never) ? err : new Error("server unavailable")),
    );
  });

  type AppSocket = Socket<ClientToServer, ServerToClient, ServerEvents, SocketData>;
  const expiries = new WeakMap<AppSocket, NodeJS.Timeout>();
  function watchExpiry(socket: AppSocket) {
    const data = socket.data as StaffSocketData;
    const wait = Math.max(0, data.expiresAt - Date.now());
    const timer = setTimeout(() => (wait > MAX_TIMER ? watchExpiry(socket) : drop(socket, "token expired")), Math.min(wait, MAX_TIMER));
    timer.unref();
    expiries.set(socket, timer);
  }

  function drop(socket: AppSocket, reason: string) {
    socket.emit("session:ended", reason);
    socket.disconnect(true);
  }

  io.on("connection", (socket) => {
    const data = socket.data;
    limitEvents(socket, () => {
      app.log.warn({ socket: socket.id, kind: data.kind }, "socket sent more events than allowed; dropped");
      socket.disconnect(true);
    });
    if (data.kind === "visitor") {
      visitors?.connected(socket as unknown as Socket, data);
      return;
    }
    void socket.join(roomsOf(data.identity));
    watchExpiry(socket);
    handlePresence(io as unknown as Server, app.db, definitions, socket as unknown as Socket);
    for (const handler of staffHandlers) handler(socket as unknown as Socket, data);
    socket.on("disconnect", () => clearTimeout(expiries.get(socket)));
  });

  /** Checks this instance's sockets (of one user, or all) again, as a new request would be. */
  async function revalidateLocal(userId?: number, keep?: KeptSession) {
    const sockets = [...io.of("/").sockets.values()].filter((s) => s.data.kind === "staff" && (userId === undefined || s.data.identity.user.id === userId));
    for (const socket of sockets) {
      const data = socket.data as StaffSocketData;
      const sessionId = data.identity.user.sessionId;
      const kept = keep?.sessionId === sessionId ? keep : undefined;
      const tokenVersion = kept ? kept.tokenVersion : data.tokenVersion;
      // This session passing a second factor since the handshake (setting one up) counts too.
      const secondFactor = kept?.secondFactor ?? data.identity.user.secondFactor;
      const claims = { userId: data.identity.user.id, sessionId, tokenVersion, secondFactor };
      try {
        const identity = await resolveIdentity(app.db, claims, data.identity.center?.center_code ?? null, app.twoFactor.requireByDefault);
        const next = new Set(roomsOf(identity));
        for (const room of socket.rooms) {
          if (room !== socket.id && !room.startsWith("presence:") && !next.has(room)) socket.leave(room);
        }
        socket.join([...next]);
        data.identity = identity;
        data.tokenVersion = tokenVersion;
      } catch (err) {
        // The database away is no reason to drop anyone; a refused identity is.
        if ((err as { statusCode?: number }).statusCode !== undefined) drop(socket, "session ended");
      }
    }
  }
  if (fannedOut) io.on("revalidate", (userId, keep) => void revalidateLocal(userId ?? undefined, keep));

  const date = () => new Date().toISOString();
  const live: Live = {
    io,
    resourceChanged(def, type, record, by, transition) {
      const event: ResourceEvent = {
        channel: `resources/${def.name}`,
        type,
        // Who, as the protocol says it: id and name only (an actor also carries its session).
        payload: {
          ids: [record.id],
          ...(record.version !== undefined ? { version: record.version } : {}),
          center_code: record.center_code,
          ...(by ? { by: { id: by.id, name: by.name } } : {}),
          ...(transition ? { transition } : {}),
        },
        date: date(),
      };
      io.to(readersOf(def, record.center_code)).emit("live", event);
    },
    approvalChanged(event) {
      io.to(reviewersOf(event.center_code)).emit("approval", { ...event, date: date() });
    },
    notify(userId, item, unread) {
      io.to(rooms.user(userId)).emit("notification", item, unread);
    },
    notificationsRead(userId, unread) {
      io.to(rooms.user(userId)).emit("notifications:read", unread);
    },
    acceptVisitors(handler) {
      visitors = handler;
    },
    onStaffSocket(handler) {
      staffHandlers.push(handler);
    },
    accessChanged(userId, keep) {
      void revalidateLocal(userId, keep).catch((err) => app.log.warn({ err }, "realtime revalidation failed"));
      if (fannedOut) io.serverSideEmit("revalidate", userId ?? null, keep);
    },
  };
  app.decorate("live", live);

  app.changes.on("record", ({ def, type, record, actor }) => {
    live.resourceChanged(def, type, record, actor);
    if (!def.approval) return;
    const review = record.review as { id: number; status: string } | null;
    const open = review?.status === "pending";
    live.approvalChanged({
      queue: def.approval.queue,
      type: open ? "opened" : "withdrawn",
      request_id: review?.id ?? null,
      record_id: record.id,
      resource: def.name,
      center_code: record.center_code,
    });
  });
  app.changes.on("decision", ({ def, request, actor }) => {
    const gone = request.status === "approved" && request.change === "delete";
    live.resourceChanged(def, gone ? "deleted" : "updated", { id: request.document_id, center_code: request.center_code }, actor);
    if (!def.approval) return;
    live.approvalChanged({
      queue: def.approval.queue,
      type: "decided",
      request_id: request.id,
      record_id: request.document_id,
      resource: def.name,
      center_code: request.center_code,
    });
  });
  app.changes.on("access", ({ userId, keep }) => live.accessChanged(userId, keep));
  // Nobody made it: the event names no person, and says what happened instead.
  app.changes.on("transition", ({ def, transition, record }) => live.resourceChanged(def, "updated", record, undefined, transition));

  // Before the listener closes: sockets would otherwise hold the server open until they time out.
  // (io.close() would close the HTTP server too, which Fastify closes itself.)
  app.addHook("preClose", async () => {
    io.disconnectSockets(true);
    io.engine.close();
    await Promise.resolve(io.of("/").adapter.close()).catch(() => {});
    await adapterPool?.end().catch(() => {});
  });
}
