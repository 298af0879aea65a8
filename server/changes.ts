// What happened, told after it committed. Routes publish a change once its transaction is done;
// the realtime server and the notification centre listen. A listener's failure is logged and never
// reaches the request that made the change (it has already succeeded).
import type { FastifyBaseLogger } from "fastify";
import type { ResourceDefinition } from "../resources/types.js";
import type { ChangeRequest } from "./approvals/requests.js";
import type { Actor, Doc } from "./documents/repository.js";

export interface RecordChange {
  def: ResourceDefinition;
  type: "created" | "updated" | "deleted";
  /** The record as the write left it (a deleted one as it was deleted). */
  record: Doc;
  actor: Actor;
}

export interface DecisionChange {
  def: ResourceDefinition;
  /** The request after the decision (status approved or rejected). */
  request: ChangeRequest;
  actor: Actor;
}

/** A scheduled transition the sweep carried out (committed, its notifications stored). */
export interface TransitionChange {
  def: ResourceDefinition;
  transition: "live" | "down";
  record: { id: number; version: number; center_code: string | null };
  /** When it was due (the schedule's instant). */
  at: string;
}

/** A session that goes on with a new token (its own password change): its sockets stay. */
export interface KeptSession {
  sessionId: string;
  tokenVersion: number;
  /** The session has passed a second factor (from now on, when it just set one up). */
  secondFactor?: boolean;
}

export interface ChangeEvents {
  record: RecordChange;
  decision: DecisionChange;
  transition: TransitionChange;
  /** A user's sessions, password, status or assignments changed; without a user, a role's permissions. */
  access: { userId?: number; keep?: KeptSession };
}

type Listener<K extends keyof ChangeEvents> = (event: ChangeEvents[K]) => void | Promise<void>;

export interface Changes {
  publish<K extends keyof ChangeEvents>(kind: K, event: ChangeEvents[K]): void;
  on<K extends keyof ChangeEvents>(kind: K, listener: Listener<K>): void;
}

declare module "fastify" {
  interface FastifyInstance {
    changes: Changes;
  }
}

export function createChanges(log: FastifyBaseLogger): Changes {
  const listeners: { [K in keyof ChangeEvents]?: Listener<K>[] } = {};
  return {
    on(kind, listener) {
      listeners[kind] ??= [] as never;
      (listeners[kind] as unknown[]).push(listener);
    },
    publish(kind, event) {
      for (const listener of listeners[kind] ?? []) {
        try {
          Promise.resolve((listener as Listener<typeof kind>)(event)).catch((err) => log.error({ err, kind }, "a change listener failed"));
        } catch (err) {
          log.error({ err, kind }, "a change listener failed");
        }
      }
    },
  };
}
