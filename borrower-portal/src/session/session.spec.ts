import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { browser as Browser } from '@lending/web-common/browser';

/**
 * The portal's side of the session: what a 401 means here (spec §4). The storage, presence, takeover and reload
 * behaviours themselves are tested once, in packages/web-common.
 */
let browser: typeof Browser;

/** The session modules keep "already taken over" state: each test loads fresh copies (and watches their browser). */
async function load() {
  vi.resetModules();
  ({ browser } = await import('@lending/web-common/browser'));
  vi.spyOn(browser, 'alert').mockImplementation(() => undefined);
  vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
  vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
  const client = await import('@lending/web-common/http');
  const storage = await import('@lending/web-common/session');
  const session = await import('./session');
  return { client, session, storage };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': status >= 400 ? 'application/problem+json' : 'application/json' },
  });

beforeEach(() => {
  localStorage.clear();
  document.cookie.split(';').forEach((c) => (document.cookie = `${c.split('=')[0].trim()}=; Max-Age=0; Path=/`));
});
afterEach(() => vi.restoreAllMocks());

describe('a lost session', () => {
  it('a 401 session-superseded is a device takeover: alert, storage and cookies cleared, home', async () => {
    const { client, storage } = await load();
    storage.storeToken('old');
    document.cookie = 'other=1; Path=/';
    vi.spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(json(401, { type: 'session-superseded', status: 401, detail: 'Someone else logged in!' }))
      .mockResolvedValue(new Response(null, { status: 204 }));
    await expect(client.api('/me/loans')).rejects.toThrow();
    await vi.waitFor(() => expect(browser.assign).toHaveBeenCalledWith('/'));
    expect(browser.alert).toHaveBeenCalledWith('Someone else logged in!');
    expect(localStorage.length).toBe(0);
    expect(document.cookie).toBe('');
  });

  it('any other 401 forgets the token and sends the user to sign in, with the way back', async () => {
    const { client, session, storage } = await load();
    storage.storeToken('expired');
    const navigate = vi.fn();
    session.setNavigate(navigate);
    window.history.pushState({}, '', '/User/Loans?page=2');
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(401, { type: 'session-revoked', status: 401 }));
    await expect(client.api('/me/loans')).rejects.toThrow();
    expect(navigate).toHaveBeenCalledWith('/Auth/Login?returnTo=%2FUser%2FLoans%3Fpage%3D2');
    expect(localStorage.getItem('token')).toBeNull();
    expect(browser.alert).not.toHaveBeenCalled();
  });

  it('a wrong password on the sign-in form is an answer for the form, not a lost session', async () => {
    const { client, session } = await load();
    const navigate = vi.fn();
    session.setNavigate(navigate);
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(401, { type: 'invalid-credentials', status: 401 }));
    await expect(client.api('/auth/login', { method: 'POST', body: {} })).rejects.toThrow();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('a refused device reload signs in again instead of reloading', async () => {
    const { session, storage } = await load();
    storage.storeToken('ended');
    const navigate = vi.fn();
    session.setNavigate(navigate);
    window.history.pushState({}, '', '/User/Dashboard');
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(401, { type: 'session-revoked', status: 401 }));
    await session.handleDeviceReload();
    expect(browser.reload).not.toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledWith('/Auth/Login?returnTo=%2FUser%2FDashboard');
  });
});
