// A push sender for tests (FCM has no emulator): records what would be sent, and answers as FCM
// would for the tokens it is told about.
import type { PushMessage, PushResult, PushSender } from "./sender.js";

export interface SentBatch {
  tokens: string[];
  message: PushMessage;
}

export class FakePushSender implements PushSender {
  readonly sent: SentBatch[] = [];
  /** Tokens answered as unregistered (FCM's messaging/registration-token-not-registered). */
  readonly unregistered = new Set<string>();
  /** Tokens answered as unavailable for this many more sends (messaging/server-unavailable). */
  readonly unavailable = new Map<string, number>();

  async send(tokens: string[], message: PushMessage): Promise<PushResult> {
    this.sent.push({ tokens: [...tokens], message });
    const result: PushResult = { invalid: [], retry: [] };
    for (const token of tokens) {
      const failures = this.unavailable.get(token) ?? 0;
      if (this.unregistered.has(token)) result.invalid.push(token);
      else if (failures > 0) {
        this.unavailable.set(token, failures - 1);
        result.retry.push(token);
      }
    }
    return result;
  }

  reset(): void {
    this.sent.length = 0;
    this.unregistered.clear();
    this.unavailable.clear();
  }
}
