// What the server needs from a push service: send one message to some browser tokens, and hear
// which tokens are dead (to delete) and which failed for now (to try again). Firebase Cloud
// Messaging implements it (firebase.ts); tests use a fake (fake.ts), as FCM has no emulator.

/** FCM takes at most this many tokens in one multicast. */
export const MAX_BATCH = 500;

export interface PushMessage {
  title: string;
  body: string;
  /** The console path the notification opens (/app/posts/history/12). */
  url: string;
  /** Notifications with the same tag replace each other (`posts-12`: the latest about one record). */
  tag: string;
}

export interface PushResult {
  /** Tokens the service will never accept again: delete them. */
  invalid: string[];
  /** Tokens that failed for now (service unavailable, quota): try them again later. */
  retry: string[];
  /** Other failures by error code (the service refused the message itself): logged, not retried. */
  failed?: Record<string, number>;
}

export interface PushSender {
  /** Sends `message` to at most MAX_BATCH tokens. A rejection means every token may be retried. */
  send(tokens: string[], message: PushMessage): Promise<PushResult>;
}
