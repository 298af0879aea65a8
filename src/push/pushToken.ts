// The push token this browser registered (spec §7), remembered so sign-out can unregister it.
// Small and free of Firebase: the entry screens' sign-out path imports it.
const KEY = "cc.push";

export const pushToken = {
  get(): string | null {
    try {
      return localStorage.getItem(KEY);
    } catch {
      return null;
    }
  },
  set(token: string): void {
    try {
      localStorage.setItem(KEY, token);
    } catch {
      // Private mode without storage: the server still drops the session's tokens at sign-out.
    }
  },
  clear(): void {
    try {
      localStorage.removeItem(KEY);
    } catch {
      // As above.
    }
  },
};

/**
 * Best effort, before the session is cleared: DELETE /_firebase/register/ with the token this
 * browser registered, so a signed-out browser gets no more pushes. Never waits and never fails the
 * sign-out (the server also deletes the tokens of an ended session). `keepalive` lets it finish
 * while the page navigates away; plain fetch, so a 401 cannot start a second sign-out.
 */
export function unregisterPush(authToken: string | undefined, send: typeof fetch = (...args) => fetch(...args)): void {
  const token = pushToken.get();
  if (!token) return;
  pushToken.clear();
  if (!authToken) return;
  void send("/_firebase/register/", {
    method: "DELETE",
    keepalive: true,
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${authToken}` },
    body: JSON.stringify({ fcm_token: token }),
  }).catch(() => undefined);
}
