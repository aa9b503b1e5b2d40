import type { MessagingAdapter } from './messaging-adapter';
import type { FirebaseWebConfig } from './push-config';

/** The adapter runtime configuration names, each in a chunk of its own: firebase/messaging loads only when used. */
export async function loadMessagingAdapter(config: FirebaseWebConfig, kind: 'firebase' | 'fake' = 'firebase'): Promise<MessagingAdapter> {
  if (kind === 'fake') return (await import('./fake-messaging-adapter')).fakeMessagingAdapter();
  return (await import('./firebase-messaging-adapter')).firebaseMessagingAdapter(config);
}
