import type { ForegroundPayload } from './push-decisions';

/** The browser's push subscription as spec §3 names it (without scope and VAPID key, which the caller knows). */
export type SubscriptionKeys = { endpoint: string; auth: string; p256dh: string };

/**
 * Every Firebase Cloud Messaging call of the portal, behind one interface: the Firebase adapter (loaded with dynamic
 * imports, only when push is configured) or the test-only fake (e2e, chosen by runtime configuration). The adapters
 * import this port; load-messaging-adapter.ts picks one, so the port knows none of them.
 */
export interface MessagingAdapter {
  isSupported(): Promise<boolean>;
  /** The FCM registration token, or '' when none is available. Throws when the subscription fails. */
  getToken(vapidKey: string, registration: ServiceWorkerRegistration): Promise<string>;
  subscriptionKeys(registration: ServiceWorkerRegistration): Promise<SubscriptionKeys>;
  deleteToken(): Promise<void>;
  onMessage(handler: (payload: ForegroundPayload) => void): Promise<() => void>;
}
