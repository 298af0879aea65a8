import type { Server, Socket } from "socket.io";
import { rooms, type Person, type PresenceTarget } from "../../protocol/realtime.js";
import type { ResourceDefinition } from "../../resources/types.js";
import type { Db } from "../db/client.js";
import { allows } from "../lib/permissions.js";
import { getDocument } from "../documents/repository.js";
import type { Scope } from "../documents/query.js";
import type { SocketData, StaffSocketData } from "./handshake.js";

const MAX_WATCHED = 20;

/** Everyone (once each) whose sockets are in a presence room, on any instance. */
async function viewersIn(io: Server, room: string): Promise<Person[]> {
  const sockets = await io.in(room).fetchSockets();
  const people = new Map<number, Person>();
  for (const s of sockets) {
    const data = s.data as SocketData;
    if (data.kind !== "staff") continue;
    const user = data.identity.user;
    people.set(user.id, { id: user.id, name: user.fullname });
  }
  return [...people.values()].sort((a, b) => a.name.localeCompare(b.name));
}

export async function announce(io: Server, resource: string, id: number): Promise<void> {
  const viewers = await viewersIn(io, rooms.presence(resource, id));
  io.to(rooms.presence(resource, id)).emit("presence", { resource, id, viewers });
}

function validTarget(value: unknown): value is PresenceTarget {
  const t = value as PresenceTarget;
  return !!t && typeof t.resource === "string" && Number.isSafeInteger(t.id) && t.id > 0 && t.id <= 2_147_483_647;
}

/**
 * Who else has a record open. A socket joins a record's presence room only if it may read that
 * record (same permission and center scope as the REST read), so nobody learns who works on a
 * record they cannot see.
 */
export function handlePresence(io: Server, db: Db, definitions: ReadonlyMap<string, ResourceDefinition>, socket: Socket) {
  const data = socket.data as StaffSocketData;
  const mayRead = async (def: ResourceDefinition, id: number) => {
    const { center, permissions } = data.identity;
    const open = def.openModes?.includes("read") ?? false;
    if (!open && !allows(permissions, def.permissionKey, "read")) return false;
    // Only a superadmin connects without a center (the handshake refuses anyone else).
    const scope: Scope = def.scope === "global" ? { kind: "global" } : center ? { kind: "center", code: center.center_code } : { kind: "all" };
    return (await getDocument(db, def, scope, id)) !== null;
  };

  socket.on("presence:join", async (target: unknown) => {
    if (!validTarget(target) || data.presence.size >= MAX_WATCHED) return;
    const def = definitions.get(target.resource);
    if (!def) return;
    try {
      if (!(await mayRead(def, target.id))) return;
    } catch {
      return;
    }
    const room = rooms.presence(def.name, target.id);
    data.presence.add(room);
    await socket.join(room);
    await announce(io, def.name, target.id).catch(() => {});
  });

  socket.on("presence:leave", async (target: unknown) => {
    if (!validTarget(target)) return;
    const room = rooms.presence(target.resource, target.id);
    if (!data.presence.delete(room)) return;
    await socket.leave(room);
    await announce(io, target.resource, target.id).catch(() => {});
  });

  // A closed tab or a lost connection leaves its records at once.
  socket.on("disconnect", () => {
    for (const room of data.presence) {
      const [, resource, id] = room.split(":");
      void announce(io, resource!, Number(id)).catch(() => {});
    }
  });
}
