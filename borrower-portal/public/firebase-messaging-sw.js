/*
 * The push service worker (scope /firebase-cloud-messaging-push-scope): FCM's web pushes for background pages.
 * It shows each message with its title, body and icon (fallback /loadingGif.gif, spec §9), and opens the message's
 * link, on this site only, when the notification is clicked. No Firebase code is imported: FCM's web push payload
 * is plain JSON ({ notification, data, fcmOptions }).
 * A page of ours in view gets the message instead, as Firebase's own service worker hands it over (a postMessage
 * with isFirebaseMessaging and messageType 'push-received'): firebase/messaging's onMessage then fires in the page,
 * which shows it (src/push), and no system notification doubles it.
 */
const FALLBACK_ICON = '/loadingGif.gif';

self.addEventListener('push', (event) => {
  let payload = {};
  try {
    payload = event.data ? event.data.json() : {};
  } catch {
    payload = { notification: { body: event.data ? event.data.text() : '' } };
  }
  const notification = payload.notification || {};
  const data = payload.data || {};
  const title = notification.title || data.title || 'Open Lending';
  const link = (payload.fcmOptions && payload.fcmOptions.link) || data.link || '/User/Dashboard';
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((clients) => {
      const inView = clients.filter(
        (client) => client.visibilityState === 'visible' && new URL(client.url).origin === self.location.origin,
      );
      if (inView.length > 0) {
        for (const client of inView) client.postMessage({ ...payload, isFirebaseMessaging: true, messageType: 'push-received' });
        return undefined;
      }
      return self.registration.showNotification(title, {
        body: notification.body || data.body || '',
        icon: notification.icon || data.icon || FALLBACK_ICON,
        data: { link },
      });
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL((event.notification.data && event.notification.data.link) || '/User/Dashboard', self.location.origin);
  // Only our own pages (spec §8: no navigation to other sites).
  const url = target.origin === self.location.origin ? target.href : new URL('/User/Dashboard', self.location.origin).href;
  event.waitUntil(self.clients.openWindow(url));
});
