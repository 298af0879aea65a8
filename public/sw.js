// Push service worker (spec §7). Shows pushed notifications and opens the console on click.
// The server sends { notification: {title, body}, data: {url, tag}, fcmOptions?: {link} }.
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

const HOME = "/app/welcome";

/** A path of this console, from a path or a same-origin link; anything else opens the console's home. */
function consolePath(candidate) {
  if (typeof candidate !== "string" || !candidate) return null;
  try {
    const url = new URL(candidate, self.location.origin);
    if (url.origin !== self.location.origin) return null;
    return url.pathname + url.search + url.hash;
  } catch {
    return null;
  }
}

self.addEventListener("push", (event) => {
  let payload = {};
  try {
    payload = event.data ? event.data.json() : {};
  } catch {
    payload = { notification: { title: "Center Console", body: event.data && event.data.text() } };
  }
  const note = payload.notification || {};
  const data = payload.data || {};
  const link = (payload.fcmOptions && payload.fcmOptions.link) || (payload.fcm_options && payload.fcm_options.link);
  const url = consolePath(data.url) || consolePath(link) || consolePath(note.click_action) || HOME;
  const tag = data.tag || note.tag;
  event.waitUntil(
    self.registration.showNotification(note.title || data.title || "Center Console", {
      body: note.body || data.body || "",
      icon: "/favicon.svg",
      // The same tag replaces the earlier notification instead of stacking, and quietly.
      ...(tag ? { tag, renotify: false } : {}),
      data: { url },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = consolePath(event.notification.data && event.notification.data.url) || HOME;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        const focused = await open.focus();
        try {
          // Only a window this worker controls can be navigated; another one is at least focused.
          return await (focused || open).navigate(url);
        } catch {
          return focused;
        }
      }
      return self.clients.openWindow(url);
    })(),
  );
});
