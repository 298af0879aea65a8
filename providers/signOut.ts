import { session } from "./session";

/**
 * A burst of failing calls (every query on a screen answering 401 at once) must lead to one
 * sign-out and one redirect, not one per call.
 */
export function createSignOutOnce(go: () => void, clearCaches: () => void = () => {}) {
  let done = false;
  return {
    signOut(): boolean {
      if (done) return false;
      done = true;
      session.clear();
      clearCaches();
      go();
      return true;
    },
    /** A new sign-in arms it again. */
    reset(): void {
      done = false;
    },
  };
}
