import { HttpError } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALL_ACCESS } from '../permissions/canAccess';
import { authProvider, EXPIRED_MESSAGE, SUPERSEDED_MESSAGE } from './authProvider';
import { getToken, storeToken as setToken } from '@lending/web-common/session';
import { queryClient } from './queryClient';
import { setSignedOutNotice, signedOutNotice } from './session';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('authProvider', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('signs staff in with their email, password and this device’s id, and keeps the token', async () => {
    const fetch = vi.fn(async (_url: string, _init: RequestInit) =>
      json(200, { token: 'tok-staff', user: { _id: 'u1', id: 'u1', role: 'staff', name: 'Priya' }, deviceId: 'd' }),
    );
    vi.stubGlobal('fetch', fetch);
    await authProvider.login({ email: 'priya@lending.local', password: 'secret-pass' });
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('/api/auth/login');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({
      email: 'priya@lending.local',
      password: 'secret-pass',
      deviceId: localStorage.getItem('device_id'),
    });
    expect(getToken()).toBe('tok-staff');
  });

  it('forgets why the previous session ended once signed in again', async () => {
    setSignedOutNotice(SUPERSEDED_MESSAGE);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { token: 'tok-staff', user: { _id: 'u1', id: 'u1', role: 'staff', name: 'Priya' } })),
    );
    await authProvider.login({ email: 'priya@lending.local', password: 'secret-pass' });
    expect(signedOutNotice()).toBeNull();
  });

  it('drops every answer cached before the sign-in (a canAccess=false from signed out would hide the menu)', async () => {
    const key = ['auth', 'canAccess', { action: 'list', resource: 'loans' }];
    queryClient.setQueryData(key, false);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { token: 'tok-staff', user: { _id: 'u1', id: 'u1', role: 'staff', name: 'Priya' } })),
    );
    await authProvider.login({ email: 'priya@lending.local', password: 'secret-pass' });
    expect(queryClient.getQueryData(key)).toBeUndefined();
  });

  it('refuses borrowers and keeps no token', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { token: 'tok-b', user: { _id: 'b1', id: 'b1', role: 'borrower', name: 'Asha' } })),
    );
    await expect(authProvider.login({ email: 'asha@example.com', password: 'x' })).rejects.toThrow(/for staff/);
    expect(getToken()).toBeNull();
  });

  it('shows the server’s reason when sign-in fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(401, { type: 'invalid-credentials', status: 401, detail: 'Wrong email or password.', message: 'Wrong email or password.' }),
      ),
    );
    await expect(authProvider.login({ email: 'a@b.c', password: 'x' })).rejects.toThrow('Wrong email or password.');
  });

  it('signs out with "Someone else logged in!" when the session was superseded by another device', async () => {
    setToken('tok');
    const error = new HttpError('Signed in elsewhere', 401, { type: 'session-superseded' });
    await expect(authProvider.checkError!(error)).rejects.toThrow(SUPERSEDED_MESSAGE);
    expect(getToken()).toBeNull();
    expect(signedOutNotice()).toBe(SUPERSEDED_MESSAGE);
  });

  it('signs out with an expiry message on any other 401', async () => {
    setToken('tok');
    await expect(authProvider.checkError!(new HttpError('no', 401, { type: 'unauthenticated' }))).rejects.toThrow(EXPIRED_MESSAGE);
    expect(getToken()).toBeNull();
  });

  it('passes on the server’s sentence when the session was ended for another reason', async () => {
    setToken('tok');
    const error = new HttpError('This account has been disabled; ask an administrator.', 401, { type: 'account-disabled' });
    await expect(authProvider.checkError!(error)).rejects.toThrow('This account has been disabled; ask an administrator.');
    expect(signedOutNotice()).toBe('This account has been disabled; ask an administrator.');
  });

  it('keeps the session on 503 (the database briefly down): the page says to try again in a moment', async () => {
    setToken('tok');
    const error = new HttpError('The service is briefly unavailable; try again in a moment.', 503, {
      type: 'service-unavailable',
      retryAfter: 5,
    });
    await expect(authProvider.checkError!(error)).resolves.toBeUndefined();
    expect(getToken()).toBe('tok');
    expect(signedOutNotice()).toBeNull();
  });

  it('keeps the session on 403: the page shows the refusal', async () => {
    setToken('tok');
    await expect(
      authProvider.checkError!(new HttpError('You need loans.disburse', 403, { type: 'missing-permission' })),
    ).resolves.toBeUndefined();
    expect(getToken()).toBe('tok');
  });

  it('takes permissions from GET /api/users/admin, and grants all when the server names none', async () => {
    setToken('tok');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(200, {
          user: { _id: 'u1', id: 'u1', role: 'staff', name: 'Priya', email: 'p@l', permissions: ['loans.view', 'loans.accept'] },
        }),
      ),
    );
    await authProvider.logout!({});
    setToken('tok');
    expect(await authProvider.getPermissions!({})).toEqual(['loans.view', 'loans.accept']);
    expect(await authProvider.canAccess!({ action: 'accept', resource: 'loans' })).toBe(true);
    expect(await authProvider.canAccess!({ action: 'disburse', resource: 'loans' })).toBe(false);
    expect(await authProvider.getIdentity!()).toEqual({ id: 'u1', fullName: 'Priya', email: 'p@l', defaultPasswordInUse: false });

    await authProvider.logout!({});
    setToken('tok2');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { user: { _id: 'u2', id: 'u2', role: 'staff', name: 'Old', email: 'o@l' } })),
    );
    expect(await authProvider.getPermissions!({})).toBe(ALL_ACCESS);
  });

  it('passes on the server’s default password warning (development only) with the identity', async () => {
    await authProvider.logout!({});
    setToken('tok');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(200, {
          user: { _id: 'u1', id: 'u1', role: 'staff', name: 'Administrator', email: 'a@l', permissions: [] },
          defaultPasswordInUse: true,
        }),
      ),
    );
    expect(await authProvider.getIdentity!()).toMatchObject({ id: 'u1', defaultPasswordInUse: true });
  });

  it('is not signed in without a token, and logging out tells the server', async () => {
    await expect(authProvider.checkAuth!({})).rejects.toThrow();
    setToken('tok');
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) => json(204, {}));
    vi.stubGlobal('fetch', fetch);
    await authProvider.logout!({});
    expect(fetch.mock.calls[0][0]).toBe('/api/auth/logout');
    expect((fetch.mock.calls[0][1]?.headers as Record<string, string>).Authorization).toBe('Bearer tok');
    expect(getToken()).toBeNull();
  });
});
