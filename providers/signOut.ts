import { session } from "./session";

/** Where a session goes that the server refused for lacking a second factor: the sign-in, with a word why. */
export const SECOND_FACTOR_SIGN_IN = "/login?reason=second-factor";

/**
 * A burst of failing calls (every query on a screen answering 401 at once) must lead to one
 * sign-out and one redirect, not one per call.
 */
export function createSignOutOnce(go: (to: string) => void, clearCaches: () => void = () => {}) {
  let done = false;
  return {
    /**
     * `to`: '/' for a 401 (spec §8; the splash then goes on to /login); a session the server
     * ended goes straight to '/login', and one that lacks a second factor to '/login' saying so.
     */
    signOut(to: "/" | "/login" | typeof SECOND_FACTOR_SIGN_IN = "/"): boolean {
      if (done) return false;
      done = true;
      session.clear();
      clearCaches();
      go(to);
      return true;
    },
    /** A new sign-in arms it again. */
    reset(): void {
      done = false;
    },
  };
}
