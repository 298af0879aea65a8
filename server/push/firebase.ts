// The push sender over Firebase Cloud Messaging (firebase-admin 13: the 14.x line needs Node 22).
// firebase-admin loads on the first send, so a server without push never loads it.
import type { BatchResponse, Messaging, MulticastMessage } from "firebase-admin/messaging";
import type { PushConfig, PushCredentials } from "../config.js";
import type { PushMessage, PushResult, PushSender } from "./sender.js";

/** What the sender uses of firebase-admin's Messaging. */
export type Multicast = Pick<Messaging, "sendEachForMulticast">;

/** The token is dead or belongs to another Firebase project: delete it. */
const DEAD_TOKEN = new Set(["messaging/registration-token-not-registered", "messaging/invalid-registration-token", "messaging/mismatched-credential"]);
/** Failures that pass: the service is busy or over quota. */
const TRANSIENT = new Set([
  "messaging/internal-error",
  "messaging/server-unavailable",
  "messaging/message-rate-exceeded",
  "messaging/device-message-rate-exceeded",
]);

/** What to do with a token FCM refused with `error`. */
export function verdict(error: { code?: string; message?: string } | undefined): "invalid" | "retry" | "failed" {
  const code = error?.code ?? "";
  if (DEAD_TOKEN.has(code)) return "invalid";
  if (TRANSIENT.has(code)) return "retry";
  // FCM answers INVALID_ARGUMENT both for a malformed token and for a bad message; only the first
  // is the token's fault ("The registration token is not a valid FCM registration token").
  if (code === "messaging/invalid-argument" && /registration token/i.test(error?.message ?? "")) return "invalid";
  return "failed";
}

// Titles and bodies are cut so a message stays well inside FCM's 4 KB payload.
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** The FCM message: the notification, its path and tag as data, and an https link to open when known. */
export function toMulticast(tokens: string[], message: PushMessage, consoleUrl?: string): MulticastMessage {
  // Firebase opens only absolute https links; without the console's address the service worker
  // opens data.url on its own origin.
  const link = consoleUrl ? new URL(message.url, consoleUrl).toString() : undefined;
  return {
    tokens,
    notification: { title: clip(message.title, 200), body: clip(message.body, 600) },
    data: { url: message.url, tag: message.tag },
    webpush: { notification: { tag: message.tag }, ...(link ? { fcmOptions: { link } } : {}) },
  };
}

/** Sorts a multicast's answers (one per token, in order) into tokens to delete and to retry. */
export function sortOut(tokens: string[], response: BatchResponse): PushResult {
  const result: Required<PushResult> = { invalid: [], retry: [], failed: {} };
  response.responses.forEach((answer, i) => {
    if (answer.success) return;
    const token = tokens[i]!;
    const what = verdict(answer.error);
    if (what === "invalid") result.invalid.push(token);
    else if (what === "retry") result.retry.push(token);
    else {
      const code = answer.error?.code ?? "unknown";
      result.failed[code] = (result.failed[code] ?? 0) + 1;
    }
  });
  return result;
}

const APP_NAME = "center-console-push";

/** firebase-admin's Messaging for these credentials (loaded on the first call; sends nothing). */
export async function connectFirebase(credentials: PushCredentials): Promise<Multicast> {
  // Loaded only when push is configured (the server bundle leaves firebase-admin external).
  const [admin, { getMessaging }] = await Promise.all([import("firebase-admin/app"), import("firebase-admin/messaging")]);
  const credential = credentials.kind === "serviceAccount" ? admin.cert(credentials.serviceAccount as never) : admin.applicationDefault();
  const app = admin.getApps().find((a) => a.name === APP_NAME) ?? admin.initializeApp({ credential }, APP_NAME);
  return getMessaging(app);
}

/**
 * Sends through FCM with `config`'s credentials. `messaging` stands in for firebase-admin's (the
 * tests check the mapping of FCM's answers without the network).
 */
export function firebaseSender(config: PushConfig, messaging: () => Promise<Multicast> = () => connectFirebase(config.credentials)): PushSender {
  let client: Promise<Multicast> | undefined;
  return {
    async send(tokens, message) {
      // A failed start (unreachable, bad key) is tried again on the next send.
      client ??= messaging().catch((err) => {
        client = undefined;
        throw err;
      });
      const response = await (await client).sendEachForMulticast(toMulticast(tokens, message, config.consoleUrl));
      return sortOut(tokens, response);
    },
  };
}
