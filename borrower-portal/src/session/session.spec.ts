import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { browser as Browser } from '../shell/browser';

let browser: typeof Browser;

/** The session module keeps "already taken over" state: each test loads fresh copies (and watches their browser). */
async function load() {
  vi.resetModules();
  ({ browser } = await import('../shell/browser'));
  vi.spyOn(browser, 'alert').mockImplementation(() => undefined);
  vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
  vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
  const client = await import('../api/client');
  const session = await import('./session');
  const storage = await import('./storage');
  return { client, session, storage };
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': status >= 400 ? 'application/problem+json' : 'application/json' } });

beforeEach(() => {
  localStorage.clear();
  document.cookie.split(';').forEach((c) => (document.cookie = `${c.split('=')[0].trim()}=; Max-Age=0; Path=/`));
});
afterEach(() => vi.restoreAllMocks());

describe('browser storage', () => {
  it('generates the device id once and keeps it', async () => {
    const { storage } = await load();
    const id = storage.getDeviceId();
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(storage.getDeviceId()).toBe(id);
    expect(localStorage.getItem('device_id')).toBe(id);
  });

  it('stores the token in local storage and in the token cookie for 180 days', async () => {
    const { storage } = await load();
    const set = vi.spyOn(document, 'cookie', 'set');
    storage.storeToken('tok.en.value');
    expect(localStorage.getItem('token')).toBe('tok.en.value');
    expect(set).toHaveBeenCalledWith(expect.stringContaining(`token=tok.en.value; Max-Age=${180 * 24 * 60 * 60}; Path=/`));
    expect(storage.TOKEN_COOKIE_DAYS).toBe(180);
  });
});

describe('API requests', () => {
  it('send the device id and the bearer token on every request', async () => {
    const { client, storage } = await load();
    storage.storeToken('abc');
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(200, { ok: true }));
    await client.api('/me');
    const [, init] = fetchMock.mock.calls[0];
    expect((init as RequestInit).headers).toMatchObject({ 'X-Device-Id': storage.getDeviceId(), Authorization: 'Bearer abc' });
  });

  it('turn problem+json into an error with field messages', async () => {
    const { client } = await load();
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      json(400, { type: 'validation-failed', status: 400, detail: 'Invalid', fields: [{ name: 'email', message: 'must be an email address' }] }),
    );
    const error = await client.api('/auth/register', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(client.ApiError);
    expect((error as InstanceType<typeof client.ApiError>).fieldMessages).toEqual({ email: 'must be an email address' });
  });
});

describe('device takeover', () => {
  it('a 401 session-superseded alerts "Someone else logged in!", clears storage and cookies, logs out and goes home', async () => {
    const { client, storage } = await load();
    storage.storeToken('old');
    document.cookie = 'other=1; Path=/';
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(json(401, { type: 'session-superseded', status: 401, detail: 'Someone else logged in!' }))
      .mockResolvedValue(new Response(null, { status: 204 }));
    await expect(client.api('/me/loans')).rejects.toThrow();
    await vi.waitFor(() => expect(browser.assign).toHaveBeenCalledWith('/'));
    expect(browser.alert).toHaveBeenCalledWith('Someone else logged in!');
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/logout', expect.objectContaining({ method: 'POST' }));
    expect(localStorage.length).toBe(0);
    expect(document.cookie).toBe('');
  });

  it('the socket event and a 401 together alert only once', async () => {
    const { session } = await load();
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 204 }));
    await Promise.all([session.handleDeviceChanged(), session.handleDeviceChanged()]);
    expect(browser.alert).toHaveBeenCalledTimes(1);
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
});

describe('device reload', () => {
  it('fetches a fresh token with the current one, stores it for 180 days and reloads', async () => {
    const { session, storage } = await load();
    storage.storeToken('current');
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(200, { token: 'fresh' }));
    await session.handleDeviceReload();
    expect(fetchMock).toHaveBeenCalledWith('/api/token/regenerate', expect.objectContaining({ method: 'POST', headers: expect.objectContaining({ Authorization: 'Bearer current' }) }));
    expect(localStorage.getItem('token')).toBe('fresh');
    expect(browser.reload).toHaveBeenCalledTimes(1);
  });
});
