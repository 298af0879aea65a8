// Delivers stored notifications to their users' browsers: looks up the tokens, sends each message in
// batches of at most 500, deletes the tokens the service calls dead and retries the ones that failed
// for now, with exponential backoff. It runs after the write that caused it has answered, so a slow
// or broken push service never holds up or fails a request.
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client.js";
import { MAX_BATCH, type PushMessage, type PushResult, type PushSender } from "./sender.js";
import { removeTokens, tokensOf } from "./tokens.js";

export interface PushOptions {
  sender: PushSender;
  /** The first retry's wait (ms); each next one doubles it. Default 2 s. */
  retryBaseMs?: number;
  /** Sends per batch, the first included. Default 4 (retries after about 2, 4 and 8 s). */
  attempts?: number;
}

export interface Delivery {
  userId: number;
  message: PushMessage;
}

export interface PushDispatch {
  deliver(deliveries: readonly Delivery[]): Promise<void>;
  /** Drops the retries still waiting (the server is closing). */
  close(): void;
}

/**
 * `track` is told of every retry waiting on a timer, so the caller can wait for all of them
 * (tests, through the notification plugin's whenIdle).
 */
export function createPushDispatch(db: Db, log: FastifyBaseLogger, options: PushOptions, track: (work: Promise<unknown>) => void): PushDispatch {
  const { sender } = options;
  const base = options.retryBaseMs ?? 2_000;
  const attempts = options.attempts ?? 4;
  const waiting = new Set<() => void>();
  let closed = false;

  /** Runs `fn` after `ms` without keeping the process alive for it. */
  function later(ms: number, fn: () => Promise<void>) {
    let cancel!: () => void;
    const done = new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        waiting.delete(cancel);
        fn().finally(resolve);
      }, ms);
      timer.unref();
      cancel = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    waiting.add(cancel);
    track(done);
  }

  async function sendBatch(message: PushMessage, tokens: string[], attempt: number): Promise<void> {
    let result: PushResult;
    try {
      result = await sender.send(tokens, message);
    } catch (err) {
      log.warn({ err, tokens: tokens.length, attempt }, "push send failed");
      result = { invalid: [], retry: tokens };
    }
    if (result.invalid.length > 0) {
      try {
        await removeTokens(db, result.invalid);
        log.info({ tokens: result.invalid.length }, "removed push tokens the push service no longer accepts");
      } catch (err) {
        log.warn({ err }, "removing dead push tokens failed");
      }
    }
    if (result.failed && Object.keys(result.failed).length > 0) log.warn({ failed: result.failed }, "the push service refused a message");
    if (result.retry.length === 0 || closed) return;
    if (attempt >= attempts) {
      log.warn({ tokens: result.retry.length, attempts }, "push delivery gave up after retries");
      return;
    }
    // Jittered, so batches that failed together do not all come back at once.
    const wait = base * 2 ** (attempt - 1) * (0.75 + Math.random() / 2);
    const retry = result.retry;
    later(wait, () => sendBatch(message, retry, attempt + 1));
  }

  return {
    async deliver(deliveries) {
      if (deliveries.length === 0 || closed) return;
      const tokens = await tokensOf(db, [...new Set(deliveries.map((d) => d.userId))]);
      // Recipients of the same message (the reviewers of one request) share its batches.
      const groups = new Map<string, { message: PushMessage; tokens: Set<string> }>();
      for (const { userId, message } of deliveries) {
        const own = tokens.get(userId);
        if (!own) continue;
        const key = JSON.stringify(message);
        const group = groups.get(key) ?? { message, tokens: new Set<string>() };
        groups.set(key, group);
        for (const token of own) group.tokens.add(token);
      }
      for (const { message, tokens: set } of groups.values()) {
        const all = [...set];
        for (let i = 0; i < all.length; i += MAX_BATCH) await sendBatch(message, all.slice(i, i + MAX_BATCH), 1);
      }
    },
    close() {
      closed = true;
      for (const cancel of waiting) cancel();
      waiting.clear();
    },
  };
}
