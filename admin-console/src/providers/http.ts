import { HttpError, type fetchUtils } from 'react-admin';
import { API_BASE, apiBlob, ApiError, apiFetch } from '@lending/web-common/http';

export const API_URL = API_BASE;

/**
 * ra-data-simple-rest's httpClient on the shared problem-aware fetch (@lending/web-common/http): bearer token,
 * device id, the loading bar's request count. A problem answer rejects with react-admin's HttpError whose message is
 * the server's sentence (`message`, else `detail`) and whose body is the problem (its `type` for the auth provider).
 */
export async function httpClient(url: string, options: fetchUtils.Options = {}) {
  const headers = new Headers(options.headers as HeadersInit);
  if (options.body && !(options.body instanceof FormData) && !headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  if (options.user?.authenticated && options.user.token) headers.set('Authorization', options.user.token);
  try {
    const res = await apiFetch(url, { method: options.method, body: options.body, headers, signal: options.signal });
    const body = await res.text();
    let json: unknown;
    try {
      json = body ? JSON.parse(body) : undefined;
    } catch {
      json = body;
    }
    return { status: res.status, headers: res.headers, body, json };
  } catch (error) {
    throw asHttpError(error);
  }
}

/** A shared fetch's ApiError as react-admin's HttpError (what the auth provider's checkError reads); others as they are. */
export function asHttpError(error: unknown): unknown {
  return error instanceof ApiError ? new HttpError(error.sentence, error.status, error.problem) : error;
}

/** Fetches a binary answer (the agreement PDF) with the same headers; problem answers reject like httpClient. */
export async function fetchBlob(url: string): Promise<{ blob: Blob; filename: string | null }> {
  try {
    const { blob, filename } = await apiBlob(url.replace(new RegExp(`^${API_BASE}`), ''));
    return { blob, filename };
  } catch (error) {
    throw asHttpError(error);
  }
}

export function problemType(error: unknown): string | undefined {
  return (error as { body?: { type?: string } })?.body?.type;
}
