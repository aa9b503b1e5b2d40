import { fetchUtils, HttpError } from 'react-admin';
import { deviceId, getToken } from './session';

export const API_URL = '/api';

/** Every request carries the bearer token and this browser's device id (the server binds sessions to devices). */
export function authHeaders(init?: HeadersInit): Headers {
  const headers = new Headers(init);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  headers.set('X-Device-Id', deviceId());
  return headers;
}

/**
 * fetchJson with our headers. A problem+json answer rejects with an HttpError whose message is the server's
 * sentence (`message`, else `detail`) and whose body keeps the problem's `type` for the auth provider.
 */
export async function httpClient(url: string, options: fetchUtils.Options = {}) {
  try {
    return await fetchUtils.fetchJson(url, { ...options, headers: authHeaders(options.headers as HeadersInit) });
  } catch (error) {
    throw withProblemMessage(error);
  }
}

function withProblemMessage(error: unknown): unknown {
  if (!(error instanceof HttpError)) return error;
  const body = error.body as { message?: string; detail?: string } | undefined;
  const message = body?.message ?? body?.detail;
  return message && message !== error.message ? new HttpError(message, error.status, error.body) : error;
}

/** Fetches a binary answer (the agreement PDF) with the same headers; problem answers reject like httpClient. */
export async function fetchBlob(url: string): Promise<{ blob: Blob; filename: string | null }> {
  const res = await fetch(url, { headers: authHeaders({ Accept: 'application/pdf, application/problem+json' }) });
  if (!res.ok) {
    const body = await res.json().catch(() => ({}));
    throw new HttpError(body.message ?? body.detail ?? res.statusText, res.status, body);
  }
  const disposition = res.headers.get('Content-Disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? null;
  return { blob: await res.blob(), filename };
}

export function problemType(error: unknown): string | undefined {
  return (error as { body?: { type?: string } })?.body?.type;
}
