// Push service worker (spec §7). Shows pushed notifications and opens the console on click.
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("push", (event) => {
  let payload = {};
  try {
    payload = event.data ? event.data.json() : {};
  } catch {
    payload = { notification: { title: "Center Console", body: event.data && event.data.text() } };
  }
  const note = payload.notification || payload.data || {};
  event.waitUntil(
    self.registration.showNotification(note.title || "Center Console", {
      body: note.body || "",
      icon: "/favicon.svg",
      data: { url: note.click_action || note.url || "/app/welcome" },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = (event.notification.data && event.notification.data.url) || "/app/welcome";
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      for (const client of windows) {
        if ("focus" in client) {
          client.navigate(url);
          return client.focus();
        }
      }
      return self.clients.openWindow(url);
    }),
  );
});
