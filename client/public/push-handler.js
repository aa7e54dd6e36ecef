// Reminders by Web Push (docs/decisions/0237-push-in-the-service-worker.md), loaded into the
// generated service worker with workbox's importScripts (vite.config.ts).
/* global self, clients, URL, fetch */

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  const shown = self.registration.showNotification(data.title || 'FitBench', {
    body: data.body || '',
    tag: data.tag || 'fitbench-reminder',
    icon: '/icons/icon-192.png',
    data: { url: data.url || '/', offUrl: data.offUrl || null },
    // The action's title comes in the member's language with the payload (server/src/routes/reminders/push.ts).
    actions: data.offUrl
      ? [{ action: 'reminders-off', title: data.offLabel || 'Turn off reminders' }]
      : [],
  });
  event.waitUntil(shown);
});

/** Opens `url` in a window of this app: an open one navigates and comes forward, else a new one. */
async function openApp(url) {
  const target = new URL(url, self.location.origin).href;
  const windows = await clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
  if (open) {
    const moved = await open.navigate(target).catch(() => null);
    await open.focus().catch(() => undefined);
    if (moved) return;
  }
  await clients.openWindow(target);
}

self.addEventListener('notificationclick', (event) => {
  const { url, offUrl } = event.notification.data || {};
  event.notification.close();
  const work =
    event.action === 'reminders-off' && offUrl
      ? // The one-click unsubscribe (RFC 8058), as a mail provider would send it.
        fetch(offUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'List-Unsubscribe=One-Click',
        })
      : openApp(url || '/');
  try {
    event.waitUntil(work);
  } catch {
    // A click dispatched by a script (e2e/reminders.spec.ts) cannot extend the event; the work runs.
  }
});
