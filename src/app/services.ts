// The console's provider instances, shared by the entry screens and the lazily loaded console.
// Nothing here may import antd or Refine's UI: the /login bundle depends on this file.
import { createAccessControlProvider } from "../../providers/accessControlProvider";
import { createAuthProvider } from "../../providers/authProvider";
import { createAvailability } from "../../providers/availability";
import { createDataProvider } from "../../providers/dataProvider";
import { createHttpClient } from "../../providers/http";
import { createLoader } from "../../providers/loader";
import { withPrefetch } from "../../providers/prefetch";
import { createSignOutOnce } from "../../providers/signOut";
import { t } from "../../providers/i18n";
import { unregisterPush } from "../push/pushToken";
// Plain media queries (no antd): where toasts start below the console's header.
import { toastTop } from "../console/layout/toastTop";
import { session } from "../../providers/session";

const cacheClearers = new Set<() => void>();
/** The console registers Refine's query cache here when it loads. */
export const onClearCaches = (clear: () => void) => {
  cacheClearers.add(clear);
  return () => {
    cacheClearers.delete(clear);
  };
};
const clearCaches = () => {
  accessControlProvider.clearCache();
  for (const clear of cacheClearers) clear();
};

// A full page load (of '/', or '/login' for a session the server ended) also drops every
// in-memory answer of the previous session.
export const unauthorized = createSignOutOnce((to) => window.location.assign(to), clearCaches);

/** How the console shows a toast once it has loaded (in its theme); set by the console. */
let consoleToast: ((notice: { title: string; text: string }) => void) | null = null;
export const onConsoleToast = (show: (notice: { title: string; text: string }) => void) => {
  consoleToast = show;
};

/** Spec §7: 'Success' with the server's message, top right: the console's toast, or antd's static one before it. */
async function notifySuccess(message: string) {
  if (consoleToast) return consoleToast({ title: t("notify.success"), text: message });
  const { default: notification } = await import("antd/es/notification");
  // The console opens next (the sign-in's toast): its bell and header stay uncovered.
  notification.config({ top: toastTop() });
  notification.success({ message: t("notify.success"), description: message, placement: "topRight" });
}

/** Whether the API answers; the console shows a "retrying" banner while it does not. */
export const availability = createAvailability();

export const http = createHttpClient({
  onUnauthorized: () => unauthorized.signOut(),
  onUnavailable: availability.down,
  onAvailable: availability.up,
});
// A page opened by URL starts its first questions early (see prefetch.ts); everything asks through this.
export const load = withPrefetch(createLoader(http, { notifySuccess }));
export const dataProvider = createDataProvider(load);
const auth = createAuthProvider({
  load,
  clearCaches,
  onUnauthorized: () => unauthorized.signOut(),
  onSignedIn: () => unauthorized.reset(),
});
// Buttons are answered from the session's permission matrix; the route gate still asks ___pc.
// The definitions load with the console, which asks first: the entry screens do not carry them.
export const accessControlProvider = createAccessControlProvider(
  load,
  async () => (await import("./definitions")).registry,
  async () => (await auth.sessionCheck()).permissions,
);
export const authProvider: typeof auth = {
  ...auth,
  // A signed-out browser should get no more pushes: unregister its token while the session can.
  logout: (params) => {
    unregisterPush(session.getUser()?.token);
    return auth.logout(params);
  },
};
