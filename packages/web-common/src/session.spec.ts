import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearBrowserSession, forgetToken, getDeviceId, getToken, storeToken, TOKEN_COOKIE_DAYS } from './session';

beforeEach(() => {
  localStorage.clear();
  document.cookie.split(';').forEach((c) => (document.cookie = `${c.split('=')[0].trim()}=; Max-Age=0; Path=/`));
  vi.restoreAllMocks();
});

describe('browser storage of the session', () => {
  it('generates the device id once and keeps it', () => {
    const id = getDeviceId();
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(getDeviceId()).toBe(id);
    expect(localStorage.getItem('device_id')).toBe(id);
  });

  it('stores the token in local storage and in the token cookie for 180 days', () => {
    const set = vi.spyOn(document, 'cookie', 'set');
    storeToken('tok.en.value');
    expect(getToken()).toBe('tok.en.value');
    expect(set).toHaveBeenCalledWith(expect.stringContaining(`token=tok.en.value; Max-Age=${180 * 24 * 60 * 60}; Path=/`));
    expect(TOKEN_COOKIE_DAYS).toBe(180);
  });

  it('forgets the token but keeps the device id on sign-out', () => {
    const id = getDeviceId();
    storeToken('t');
    forgetToken();
    expect(getToken()).toBeNull();
    expect(getDeviceId()).toBe(id);
    expect(document.cookie).not.toContain('token=');
  });

  it('clears local storage and every cookie after a takeover', () => {
    getDeviceId();
    storeToken('t');
    document.cookie = 'other=1; Path=/';
    clearBrowserSession();
    expect(localStorage.length).toBe(0);
    expect(document.cookie).toBe('');
  });
});
