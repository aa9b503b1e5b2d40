import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * public/firebase-messaging-sw.js, run against a stand-in of the service worker's global scope: a push for a page
 * in view goes to that page (Firebase's own hand-over, so onMessage fires there); otherwise it is a system
 * notification with the fallback icon; a click opens only our own pages.
 */
const source = readFileSync(path.resolve(__dirname, '../../public/firebase-messaging-sw.js'), 'utf8');
const ORIGIN = 'https://lending.example';

type Listener = (event: Record<string, unknown>) => void;

function serviceWorker(clients: { url: string; visibilityState: string }[]) {
  const listeners: Record<string, Listener> = {};
  const posted: { url: string; message: unknown }[] = [];
  const shown: { title: string; options: Record<string, unknown> }[] = [];
  const opened: string[] = [];
  const self = {
    location: new URL(`${ORIGIN}/firebase-messaging-sw.js`),
    addEventListener: (type: string, listener: Listener) => (listeners[type] = listener),
    registration: { showNotification: async (title: string, options: Record<string, unknown>) => void shown.push({ title, options }) },
    clients: {
      matchAll: async () => clients.map((c) => ({ ...c, postMessage: (message: unknown) => posted.push({ url: c.url, message }) })),
      openWindow: async (url: string) => void opened.push(url),
    },
  };
  new Function('self', source)(self);
  const dispatch = async (type: string, event: Record<string, unknown>) => {
    let work: Promise<unknown> = Promise.resolve();
    listeners[type]!({ ...event, waitUntil: (p: Promise<unknown>) => (work = p) });
    await work;
  };
  return { dispatch, posted, shown, opened };
}

const push = (payload: unknown) => ({ data: { json: () => payload, text: () => JSON.stringify(payload) } });

describe('the push service worker', () => {
  it('given a page of ours in view, when a push arrives, then the page gets it as Firebase hands it over and no system notification shows', async () => {
    const sw = serviceWorker([{ url: `${ORIGIN}/User/Dashboard`, visibilityState: 'visible' }]);
    await sw.dispatch('push', push({ notification: { title: 'Payment received', body: '₹8,885.00' } }));
    expect(sw.shown).toEqual([]);
    expect(sw.posted).toEqual([
      {
        url: `${ORIGIN}/User/Dashboard`,
        message: {
          notification: { title: 'Payment received', body: '₹8,885.00' },
          isFirebaseMessaging: true,
          messageType: 'push-received',
        },
      },
    ]);
  });

  it('given only hidden pages, when a push arrives, then a system notification shows with the fallback icon', async () => {
    const sw = serviceWorker([{ url: `${ORIGIN}/User/Dashboard`, visibilityState: 'hidden' }]);
    await sw.dispatch(
      'push',
      push({ notification: { title: 'Instalment due', body: 'Due on 5 Dec' }, fcmOptions: { link: '/User/Loans' } }),
    );
    expect(sw.posted).toEqual([]);
    expect(sw.shown).toEqual([
      { title: 'Instalment due', options: { body: 'Due on 5 Dec', icon: '/loadingGif.gif', data: { link: '/User/Loans' } } },
    ]);
  });

  it('given a notification linking to another site, when it is clicked, then the dashboard opens instead', async () => {
    const sw = serviceWorker([]);
    await sw.dispatch('notificationclick', { notification: { close: () => undefined, data: { link: 'https://evil.example/phish' } } });
    expect(sw.opened).toEqual([`${ORIGIN}/User/Dashboard`]);
  });
});
