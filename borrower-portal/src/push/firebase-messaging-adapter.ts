import type { FirebaseWebConfig } from './push-config';
import type { MessagingAdapter, SubscriptionKeys } from './messaging-adapter';

const base64Url = (buffer: ArrayBuffer | null) =>
  buffer
    ? btoa(String.fromCharCode(...new Uint8Array(buffer)))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '')
    : '';

/** firebase/messaging, imported only here and only when this module is loaded (push configured). */
export async function firebaseMessagingAdapter(config: FirebaseWebConfig): Promise<MessagingAdapter> {
  const [{ initializeApp, getApps }, messaging] = await Promise.all([import('firebase/app'), import('firebase/messaging')]);
  const app =
    getApps()[0] ??
    initializeApp({
      apiKey: config.apiKey,
      authDomain: config.authDomain,
      projectId: config.projectId,
      appId: config.appId,
      messagingSenderId: config.messagingSenderId,
      measurementId: config.measurementId,
    });
  const instance = () => messaging.getMessaging(app);
  return {
    isSupported: () => messaging.isSupported(),
    getToken: (vapidKey, serviceWorkerRegistration) => messaging.getToken(instance(), { vapidKey, serviceWorkerRegistration }),
    async subscriptionKeys(registration): Promise<SubscriptionKeys> {
      const subscription = await registration.pushManager.getSubscription();
      return {
        endpoint: subscription?.endpoint ?? '',
        auth: base64Url(subscription?.getKey('auth') ?? null),
        p256dh: base64Url(subscription?.getKey('p256dh') ?? null),
      };
    },
    async deleteToken() {
      await messaging.deleteToken(instance());
    },
    onMessage: async (handler) => messaging.onMessage(instance(), handler),
  };
}
