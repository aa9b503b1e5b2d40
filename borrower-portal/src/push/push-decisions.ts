import type { FirebaseWebConfig } from './push-config';

/**
 * The portal's push decisions, pure (spec §4, §5, §8, §9): whether push can work here, whether to ask for the
 * permission, when the token is due for a refresh, and what a foreground message shows.
 */

/** Spec §8's push errors, by the names FCM's web SDK gives them. */
export type PushProblem =
  | 'not-configured'
  | 'unsupported-browser'
  | 'indexed-db-unsupported'
  | 'permission-blocked'
  | 'token-subscribe-failed'
  | 'token-update-failed'
  | 'token-unsubscribe-failed';

export type BrowserCapabilities = { messagingSupported: boolean; indexedDB: boolean; notification: boolean; serviceWorker: boolean };

export function pushConfigured(config: FirebaseWebConfig): boolean {
  return Boolean(config.apiKey && config.projectId && config.appId && config.messagingSenderId && config.vapidKey);
}

/** Why push cannot work here, or 'supported'. The configuration is checked first: no config, no Firebase code at all. */
export function pushSupport(
  configured: boolean,
  browser: BrowserCapabilities,
): 'supported' | Exclude<PushProblem, 'permission-blocked' | `token-${string}`> {
  if (!configured) return 'not-configured';
  if (!browser.indexedDB) return 'indexed-db-unsupported';
  if (!browser.notification || !browser.serviceWorker || !browser.messagingSupported) return 'unsupported-browser';
  return 'supported';
}

/**
 * What the notifications control offers: ask (permission undecided: only after the borrower presses the button),
 * register (already granted: no prompt needed), or explain that notifications are blocked.
 */
export function permissionStep(permission: NotificationPermission): 'ask' | 'register' | 'blocked' {
  if (permission === 'granted') return 'register';
  if (permission === 'denied') return 'blocked';
  return 'ask';
}

/** Spec §9: the push token is refreshed after 7 days. */
export const PUSH_TOKEN_REFRESH_MS = 7 * 24 * 3600 * 1000;

export function refreshDue(refreshedAt: string | Date, now: Date): boolean {
  const at = new Date(refreshedAt).getTime();
  return Number.isNaN(at) || now.getTime() - at >= PUSH_TOKEN_REFRESH_MS;
}

/** Spec §9: a foreground notification shows title, body and icon, the icon falling back to /loadingGif.gif. */
export const FALLBACK_ICON = '/loadingGif.gif';

export type ForegroundPayload = {
  notification?: { title?: string; body?: string; icon?: string; image?: string };
  data?: Record<string, string>;
  fcmOptions?: { link?: string };
};

export function foregroundNotification(payload: ForegroundPayload): { title: string; body: string; icon: string; link: string | null } {
  const n = payload.notification ?? {};
  return {
    title: n.title || payload.data?.title || 'Open Lending',
    body: n.body || payload.data?.body || '',
    icon: n.icon || payload.data?.icon || FALLBACK_ICON,
    link: payload.fcmOptions?.link || payload.data?.link || null,
  };
}

/** The console messages of spec §8 for each problem (console only: the borrower sees a sentence, not these). */
export const PUSH_CONSOLE_MESSAGES: Record<PushProblem | 'no-token', string> = {
  'not-configured': 'Push notifications are not configured for this build.',
  'unsupported-browser': 'messaging/unsupported-browser: this browser does not support push notifications.',
  'indexed-db-unsupported': 'messaging/indexed-db-unsupported: IndexedDB is not available, push notifications are off.',
  'permission-blocked': 'No Notification Permission',
  'token-subscribe-failed': 'messaging/token-subscribe-failed: the push registration could not be made.',
  'token-update-failed': 'messaging/token-update-failed: the push registration could not be refreshed.',
  'token-unsubscribe-failed': 'messaging/token-unsubscribe-failed: the push registration could not be removed.',
  'no-token': 'No registration token available.',
};
