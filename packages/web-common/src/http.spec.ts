import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onActivity } from './activity';
import { api, apiBlob, ApiError, apiFetch, SERVICE_UNAVAILABLE_MESSAGE, setUnauthorizedHandler } from './http';
import { getDeviceId, storeToken } from './session';

const json = (status: number, body: unknown, contentType = status >= 400 ? 'application/problem+json' : 'application/json') =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': contentType } });
const headersOf = (mock: ReturnType<typeof vi.fn>, call = 0) =>
  new Headers((mock.mock.calls[call] as unknown as [string, RequestInit])[1].headers);

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.restoreAllMocks();
  setUnauthorizedHandler(() => undefined);
});

describe('the problem-aware fetch', () => {
  it('sends the bearer token and this browser’s device id, the same id every time', async () => {
    storeToken('tok-1');
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => json(200, { ok: true }));
    await api('/me');
    await apiFetch('/api/admin/loans');
    expect(fetchMock.mock.calls[0][0]).toBe('/api/me');
    expect(headersOf(fetchMock as never).get('Authorization')).toBe('Bearer tok-1');
    expect(headersOf(fetchMock as never).get('X-Device-Id')).toBe(getDeviceId());
    expect(headersOf(fetchMock as never, 1).get('X-Device-Id')).toBe(getDeviceId());
  });

  it('sends JSON bodies, the Idempotency-Key and the query', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(200, {}));
    await api('/me/loans', { method: 'POST', body: { amount: 1 }, idempotencyKey: 'k-1', query: { a: 1 } });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/me/loans?a=1');
    expect(init.body).toBe('{"amount":1}');
    expect(headersOf(fetchMock as never).get('Idempotency-Key')).toBe('k-1');
    expect(headersOf(fetchMock as never).get('Content-Type')).toBe('application/json');
  });

  it('turns problem+json into an ApiError with its status, type, sentence and field messages', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      json(400, {
        type: 'validation-failed',
        status: 400,
        detail: 'Invalid',
        message: 'Check the form',
        fields: [{ name: 'email', message: 'must be an email address' }],
      }),
    );
    const error = (await api('/auth/register', { method: 'POST', body: {} }).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, type: 'validation-failed', message: 'Invalid', sentence: 'Check the form' });
    expect(error.fieldMessages).toEqual({ email: 'must be an email address' });
  });

  it('falls back to `detail` when a problem has no `message`, and names an answer that is not a problem', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(
      json(403, { type: 'missing-permission', status: 403, detail: 'You need loans.disburse' }),
    );
    await expect(apiFetch('/api/admin/loans/x/disburse', { method: 'POST' })).rejects.toMatchObject({
      sentence: 'You need loans.disburse',
      status: 403,
    });
    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(new Response('<html>', { status: 502, statusText: 'Bad Gateway' }));
    await expect(api('/me')).rejects.toMatchObject({ type: 'http-error', status: 502 });
  });

  it('reports a network failure as status 0', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(api('/me')).rejects.toMatchObject({ type: 'network-error', status: 0 });
  });

  it('tells the app about a lost session, but not about a wrong password', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => json(401, { type: 'session-revoked', status: 401 }));
    await expect(api('/auth/login', { method: 'POST', body: {} })).rejects.toThrow();
    expect(handler).not.toHaveBeenCalled();
    await expect(api('/me/loans')).rejects.toThrow();
    expect(handler).toHaveBeenCalledWith(expect.objectContaining({ type: 'session-revoked' }), '/api/me/loans');
  });

  it('keeps the session on a 503 (the database briefly down) and says to try again in a moment', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    const sentence = 'The service is briefly unavailable; try again in a moment.';
    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(
      json(503, { type: 'service-unavailable', status: 503, detail: sentence, message: sentence, retryAfter: 5 }),
    );
    await expect(api('/me/loans')).rejects.toMatchObject({ status: 503, type: 'service-unavailable', sentence });
    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(new Response('<html>', { status: 503, statusText: 'Service Unavailable' }));
    await expect(api('/me/loans')).rejects.toMatchObject({
      status: 503,
      type: 'service-unavailable',
      sentence: SERVICE_UNAVAILABLE_MESSAGE,
    });
    expect(handler).not.toHaveBeenCalled();
  });

  it('counts requests in flight for the loading bar', async () => {
    const seen: boolean[] = [];
    const stop = onActivity((busy) => seen.push(busy));
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(200, {}));
    await api('/me');
    stop();
    expect(seen).toEqual([true, false]);
  });

  it('fetches a document with its file name and stated hash', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response('%PDF', {
        headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'inline; filename="a.pdf"', 'X-Document-SHA256': 'abc' },
      }),
    );
    const doc = await apiBlob('/me/loans/1/agreement.pdf');
    expect(doc).toMatchObject({ filename: 'a.pdf', hash: 'abc' });
  });
});
