// Imported by the generated service worker (vite.config.ts, workbox.importScripts): a click on an
// alert's system notification brings Rumbo's tab forward, or opens the alerts screen when no tab
// is open.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data && event.notification.data.url) || '/app/fleet/alerts';
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((tabs) => {
      const tab = tabs.find((t) => 'focus' in t);
      return tab ? tab.focus() : self.clients.openWindow(url);
    }),
  );
});
