import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { httpClient } from './http';
import { getDeviceId as deviceId, storeToken as setToken } from '@lending/web-common/session';

function answer(status: number, body: unknown, contentType = 'application/json') {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': contentType } });
}

describe('httpClient', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('sends the bearer token and this browser’s device id, the same id every time', async () => {
    setToken('tok-1');
    const fetch = vi.fn(async () => answer(200, { ok: true }));
    vi.stubGlobal('fetch', fetch);
    await httpClient('/api/admin/loans');
    await httpClient('/api/admin/loans');
    const first = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1] as { headers: Headers };
    const second = (fetch.mock.calls[1] as unknown as [string, RequestInit])[1] as { headers: Headers };
    expect(first.headers.get('Authorization')).toBe('Bearer tok-1');
    expect(first.headers.get('X-Device-Id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.headers.get('X-Device-Id')).toBe(first.headers.get('X-Device-Id'));
    expect(localStorage.getItem('device_id')).toBe(deviceId());
  });

  it('rejects a problem answer with the server’s sentence, its status and its type', async () => {
    const problem = {
      type: 'illegal-transition',
      title: 'Conflict',
      status: 409,
      detail: 'Cannot approve-soft a loan in state applied',
      message: 'Cannot approve-soft a loan in state applied',
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(409, problem, 'application/problem+json')),
    );
    await expect(httpClient('/api/admin/loans/x/approve-soft', { method: 'POST' })).rejects.toMatchObject({
      message: 'Cannot approve-soft a loan in state applied',
      status: 409,
      body: { type: 'illegal-transition' },
    });
  });

  it('falls back to `detail` when a problem has no `message`', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        answer(403, { type: 'missing-permission', status: 403, detail: 'You need loans.disburse' }, 'application/problem+json'),
      ),
    );
    await expect(httpClient('/api/admin/loans/x/disburse', { method: 'POST' })).rejects.toMatchObject({
      message: 'You need loans.disburse',
      status: 403,
    });
  });
});
