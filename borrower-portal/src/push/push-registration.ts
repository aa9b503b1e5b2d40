import { api, ApiError } from '@lending/web-common/http';
import type { PushRegistration, PushTokenBody } from '@lending/web-common/api';
import { firebaseWebConfig, runtimeConfig } from './push-config';
import { loadMessagingAdapter } from './load-messaging-adapter';
import type { MessagingAdapter } from './messaging-adapter';
import {
  foregroundNotification,
  permissionStep,
  PUSH_CONSOLE_MESSAGES,
  pushConfigured,
  pushSupport,
  refreshDue,
  type PushProblem,
} from './push-decisions';

/**
 * Push registration in the browser (spec §3, §4): the service worker, FCM's token through the messaging adapter,
 * and our API (POST /api/me/push-tokens, PATCH to refresh after 7 days, DELETE at sign-out). Each failure logs the
 * spec's console message and answers what happened; nothing here throws at the page.
 */
export const SERVICE_WORKER_URL = '/firebase-messaging-sw.js';
export const SERVICE_WORKER_SCOPE = '/firebase-cloud-messaging-push-scope';
const STORE_KEY = 'push_registration';

type Stored = { id: string; refreshedAt: string };
export type PushOutcome = 'registered' | 'no-token' | PushProblem;

const stored = (): Stored | null => {
  try {
    return JSON.parse(localStorage.getItem(STORE_KEY) ?? 'null') as Stored | null;
  } catch {
    return null;
  }
};
/** Dispatched on window when this device registers, so the page starts showing foreground messages at once. */
export const PUSH_REGISTERED_EVENT = 'lending:push-registered';
const remember = (r: PushRegistration) => {
  localStorage.setItem(STORE_KEY, JSON.stringify({ id: r.id, refreshedAt: r.refreshedAt } satisfies Stored));
  window.dispatchEvent(new Event(PUSH_REGISTERED_EVENT));
};
const problem = (p: PushProblem | 'no-token', error?: unknown): PushProblem | 'no-token' => {
  if (p === 'no-token' || p === 'permission-blocked') console.log(PUSH_CONSOLE_MESSAGES[p]);
  else console.error(PUSH_CONSOLE_MESSAGES[p], ...(error === undefined ? [] : [error]));
  return p;
};

let adapter: Promise<MessagingAdapter> | undefined;
function messaging(): Promise<MessagingAdapter> {
  adapter ??= loadMessagingAdapter(firebaseWebConfig(), runtimeConfig().messaging);
  return adapter;
}

/** Whether push can work in this build and browser; loads no Firebase code when it is not configured. */
export async function pushAvailability(): Promise<'supported' | PushProblem> {
  const configured = pushConfigured(firebaseWebConfig());
  if (!configured) return 'not-configured';
  const capabilities = {
    indexedDB: typeof indexedDB !== 'undefined',
    notification: typeof Notification !== 'undefined',
    serviceWorker: typeof navigator !== 'undefined' && 'serviceWorker' in navigator,
    messagingSupported: false,
  };
  const early = pushSupport(true, { ...capabilities, messagingSupported: true });
  if (early !== 'supported') return problem(early) as PushProblem;
  capabilities.messagingSupported = await messaging()
    .then((m) => m.isSupported())
    .catch(() => false);
  const support = pushSupport(true, capabilities);
  return support === 'supported' ? support : (problem(support) as PushProblem);
}

async function tokenBody(m: MessagingAdapter): Promise<PushTokenBody | 'no-token'> {
  const vapidKey = firebaseWebConfig().vapidKey!;
  const registration = await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: SERVICE_WORKER_SCOPE });
  const token = await m.getToken(vapidKey, registration);
  if (!token) return 'no-token';
  const keys = await m.subscriptionKeys(registration);
  return { token, options: { ...keys, swScope: registration.scope, vapidKey } };
}

/**
 * The borrower pressed "Turn on notifications" (a user gesture): asks for the permission only while it is undecided,
 * then registers this device.
 */
export async function enablePush(): Promise<PushOutcome> {
  const availability = await pushAvailability();
  if (availability !== 'supported') return availability;
  let step = permissionStep(Notification.permission);
  if (step === 'ask') step = permissionStep(await Notification.requestPermission());
  if (step !== 'register') return problem('permission-blocked') as PushProblem;
  return register('token-subscribe-failed');
}

async function register(failure: 'token-subscribe-failed' | 'token-update-failed'): Promise<PushOutcome> {
  const m = await messaging();
  let body: PushTokenBody | 'no-token';
  try {
    body = await tokenBody(m);
  } catch (error) {
    return problem(failure, error) as PushProblem;
  }
  if (body === 'no-token') return problem('no-token');
  const existing = stored();
  try {
    const answer = existing
      ? await api<PushRegistration>(`/me/push-tokens/${existing.id}`, { method: 'PATCH', body }).catch((error: unknown) => {
          if (error instanceof ApiError && error.status === 404) return api<PushRegistration>('/me/push-tokens', { method: 'POST', body });
          throw error;
        })
      : await api<PushRegistration>('/me/push-tokens', { method: 'POST', body });
    remember(answer);
    return 'registered';
  } catch (error) {
    return problem(failure, error) as PushProblem;
  }
}

/** On start, signed in with the permission granted: refresh the registration once 7 days have passed (spec §4). */
export async function refreshPushIfDue(now = new Date()): Promise<PushOutcome | 'not-due'> {
  const existing = stored();
  if (!existing || typeof Notification === 'undefined' || Notification.permission !== 'granted') return 'not-due';
  if (!refreshDue(existing.refreshedAt, now)) return 'not-due';
  const availability = await pushAvailability();
  if (availability !== 'supported') return availability;
  return register('token-update-failed');
}

/** Sign-out (or "Turn off"): the registration goes from our API and FCM. Needs the session, so call it first. */
export async function unregisterPush(): Promise<void> {
  const existing = stored();
  if (!existing) return;
  localStorage.removeItem(STORE_KEY);
  try {
    await api(`/me/push-tokens/${existing.id}`, { method: 'DELETE' });
    if (pushConfigured(firebaseWebConfig())) await (await messaging()).deleteToken();
  } catch (error) {
    problem('token-unsubscribe-failed', error);
  }
}

export const pushRegistered = () => stored() !== null;

/**
 * While a page is open, FCM hands foreground messages to the page instead of the service worker: show them as a
 * notification with title, body and icon (spec §9). Answers the unsubscribe.
 */
export async function showForegroundMessages(): Promise<() => void> {
  if (!pushRegistered() || (await pushAvailability()) !== 'supported') return () => undefined;
  const m = await messaging();
  return m.onMessage((payload) => {
    const shown = foregroundNotification(payload);
    void navigator.serviceWorker
      .getRegistration(SERVICE_WORKER_SCOPE)
      .then((registration) =>
        registration?.showNotification(shown.title, { body: shown.body, icon: shown.icon, data: { link: shown.link } }),
      );
  });
}
