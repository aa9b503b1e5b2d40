import { describe, expect, it } from 'vitest';
import {
  FALLBACK_ICON,
  foregroundNotification,
  permissionStep,
  PUSH_CONSOLE_MESSAGES,
  pushConfigured,
  pushSupport,
  refreshDue,
} from './push-decisions';

const capable = { messagingSupported: true, indexedDB: true, notification: true, serviceWorker: true };
const config = { apiKey: 'k', projectId: 'p', appId: 'a', messagingSenderId: 's', vapidKey: 'v' };

describe('is push supported here?', () => {
  it('given a full configuration and a capable browser, then supported', () => {
    expect(pushSupport(pushConfigured(config), capable)).toBe('supported');
  });
  it('given no VAPID key (or any missing field), then not configured: no Firebase code is loaded', () => {
    expect(pushConfigured({ ...config, vapidKey: undefined })).toBe(false);
    expect(pushSupport(false, capable)).toBe('not-configured');
  });
  it('given no IndexedDB, then indexed-db-unsupported', () => {
    expect(pushSupport(true, { ...capable, indexedDB: false })).toBe('indexed-db-unsupported');
  });
  it.each(['notification', 'serviceWorker', 'messagingSupported'] as const)('given no %s, then unsupported-browser', (missing) => {
    expect(pushSupport(true, { ...capable, [missing]: false })).toBe('unsupported-browser');
  });
});

describe('should we ask for the permission?', () => {
  it('given undecided, then ask (after the button is pressed)', () => expect(permissionStep('default')).toBe('ask'));
  it('given granted, then register without a prompt', () => expect(permissionStep('granted')).toBe('register'));
  it('given denied, then explain it is blocked, never prompt', () => expect(permissionStep('denied')).toBe('blocked'));
});

describe('is the token due for a refresh?', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  it('given refreshed 6 days 23 hours ago, then not yet', () => expect(refreshDue('2026-11-16T13:00:00Z', now)).toBe(false));
  it('given refreshed exactly 7 days ago, then due', () => expect(refreshDue('2026-11-16T12:00:00Z', now)).toBe(true));
  it('given an unreadable date, then due', () => expect(refreshDue('not a date', now)).toBe(true));
});

describe('what a foreground message shows', () => {
  it('given title, body and icon, then those', () => {
    expect(
      foregroundNotification({
        notification: { title: 'Money sent', body: 'Paid out', icon: '/icon.png' },
        fcmOptions: { link: '/User/Loans/1' },
      }),
    ).toEqual({ title: 'Money sent', body: 'Paid out', icon: '/icon.png', link: '/User/Loans/1' });
  });
  it('given no icon, then /loadingGif.gif', () => {
    expect(foregroundNotification({ notification: { title: 'T', body: 'B' } }).icon).toBe(FALLBACK_ICON);
    expect(FALLBACK_ICON).toBe('/loadingGif.gif');
  });
  it('given a data-only message, then its data fields', () => {
    expect(foregroundNotification({ data: { title: 'T', body: 'B', link: '/x' } })).toMatchObject({ title: 'T', body: 'B', link: '/x' });
  });
});

it("the spec's console messages are the ones logged", () => {
  expect(PUSH_CONSOLE_MESSAGES['no-token']).toBe('No registration token available.');
  expect(PUSH_CONSOLE_MESSAGES['permission-blocked']).toBe('No Notification Permission');
});
