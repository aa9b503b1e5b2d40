import type { MessagingAdapter } from './messaging-adapter';
import type { ForegroundPayload } from './push-decisions';

/** The event the e2e tests dispatch on window to play an FCM foreground message. */
export const FAKE_PUSH_EVENT = 'lending:fake-push';

/**
 * Test-only messaging adapter (e2e, chosen by `window.__LENDING_CONFIG__.messaging = 'fake'`): no Google, a made-up
 * token and subscription, foreground messages from a window event. Everything around it (permission, service
 * worker, our API, the notification shown) is the real code path.
 */
export function fakeMessagingAdapter(): MessagingAdapter {
  return {
    isSupported: () => Promise.resolve(true),
    getToken: () => Promise.resolve(`fake-fcm-${crypto.randomUUID().replace(/-/g, '')}`),
    subscriptionKeys: () =>
      Promise.resolve({ endpoint: 'https://fcm.googleapis.com/fcm/send/fake-endpoint', auth: 'fake-auth-key', p256dh: 'fake-p256dh-key' }),
    deleteToken: () => Promise.resolve(),
    onMessage(handler) {
      const listener = (event: Event) => handler((event as CustomEvent<ForegroundPayload>).detail);
      window.addEventListener(FAKE_PUSH_EVENT, listener);
      return Promise.resolve(() => window.removeEventListener(FAKE_PUSH_EVENT, listener));
    },
  };
}
