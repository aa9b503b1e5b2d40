/**
 * The problem-aware fetch both apps use: every request carries the bearer token and this browser's device id, and
 * a non-2xx answer rejects with an ApiError holding the RFC 9457 problem (docs/api.md "Errors").
 */
import { trackRequest } from './activity';
import { noteCommitPosition, readAfterHeader } from './read-your-writes';
import { getDeviceId, getToken } from './session';

export { onActivity, trackRequest } from './activity';

export const API_BASE = '/api';

/** One field's message from a problem+json answer (`fields: [{ name, message }]`). */
export type FieldError = { name: string; message: string };

export type Problem = {
  type: string;
  title?: string;
  status: number;
  detail?: string;
  message?: string;
  fields?: FieldError[];
  missing?: string[];
  [key: string]: unknown;
};

export class ApiError extends Error {
  constructor(readonly problem: Problem) {
    super(problem.detail ?? problem.message ?? problem.title ?? `Request failed (${problem.status})`);
    this.name = 'ApiError';
  }
  get status() {
    return this.problem.status;
  }
  get type() {
    return this.problem.type;
  }
  /** The server's sentence for people: `message` (ra-data-simple-rest reads it), else `detail`. */
  get sentence(): string {
    return this.problem.message ?? this.message;
  }
  /** Field name -> message, for forms. */
  get fieldMessages(): Record<string, string> {
    return Object.fromEntries((this.problem.fields ?? []).map((f) => [f.name, f.message]));
  }
}

/** What people see when the API (or a proxy before it) answers 503: the database or a dependency is briefly away. */
export const SERVICE_UNAVAILABLE_MESSAGE = 'The service is briefly unavailable; try again in a moment.';

/** What a 401 means to the app: set by the app's session code (kept here as a hook so this file knows no router). */
type UnauthorizedHandler = (problem: Problem, url: string) => void;
let onUnauthorized: UnauthorizedHandler = () => undefined;
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

/** Paths whose 401 is an answer for the form (wrong password), not a lost session. */
const CREDENTIAL_PATHS = ['/auth/login', '/auth/register', '/auth/social', '/auth/logout', '/auth/reset-password', '/auth/forgot-password'];

export function apiHeaders(extra: Record<string, string> = {}): Record<string, string> {
  const token = getToken();
  return {
    Accept: 'application/json',
    'X-Device-Id': getDeviceId(),
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
    ...readAfterHeader(),
    ...extra,
  };
}

async function problemOf(res: Response): Promise<Problem> {
  const body = await res.json().catch(() => null);
  if (body && typeof body === 'object' && typeof body.type === 'string') return { ...body, status: res.status } as Problem;
  // A 503 that is not our problem+json (a proxy's page while the API restarts): still a brief outage, not a sign-out.
  if (res.status === 503)
    return { type: 'service-unavailable', status: 503, detail: SERVICE_UNAVAILABLE_MESSAGE, message: SERVICE_UNAVAILABLE_MESSAGE };
  return {
    type: res.status === 404 ? 'not-found' : 'http-error',
    status: res.status,
    detail: `The server answered ${res.status} ${res.statusText}`.trim(),
  };
}

/**
 * fetch with our headers (the caller's win; X-Read-After among them, and a command's X-Commit-Position kept: see
 * read-your-writes.ts) and the loading bar's request count; a network failure or a non-2xx
 * answer rejects with ApiError, and a 401 outside the credential forms is reported to the app's handler first. Only
 * a 401 ends the session: a 503 (PostgreSQL briefly down, `service-unavailable`) keeps it and shows its sentence.
 */
export async function apiFetch(url: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(apiHeaders());
  new Headers(init.headers).forEach((value, key) => headers.set(key, value));
  const done = trackRequest();
  let res: Response;
  try {
    res = await fetch(url, { credentials: 'same-origin', ...init, headers });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError({
      type: 'network-error',
      status: 0,
      detail: 'We could not reach our servers. Check your connection and try again.',
    });
  } finally {
    done();
  }
  noteCommitPosition(res.headers.get('X-Commit-Position'));
  if (res.ok) return res;
  const problem = await problemOf(res);
  const path = new URL(url, 'http://x').pathname.replace(/^\/api/, '');
  if (res.status === 401 && !CREDENTIAL_PATHS.includes(path)) onUnauthorized(problem, url);
  throw new ApiError(problem);
}

export type RequestOptions = {
  method?: string;
  body?: unknown;
  idempotencyKey?: string;
  signal?: AbortSignal;
  query?: Record<string, string | number>;
  headers?: Record<string, string>;
};

/** A request to `/api<path>`: JSON body, optional Idempotency-Key and query. */
export function apiRequest(path: string, options: RequestOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const query = options.query ? `?${new URLSearchParams(Object.entries(options.query).map(([k, v]) => [k, String(v)]))}` : '';
  return apiFetch(`${API_BASE}${path}${query}`, {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
}

/** apiRequest, answering the parsed JSON body (undefined for 204). */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const res = await apiRequest(path, options);
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}

/** A binary answer (the agreement PDF) with the file name and the document hash the server states for it. */
export async function apiBlob(
  path: string,
  options: RequestOptions = {},
): Promise<{ blob: Blob; filename: string | null; hash: string | null }> {
  const res = await apiRequest(path, { ...options, headers: { Accept: 'application/pdf, application/problem+json', ...options.headers } });
  const disposition = res.headers.get('Content-Disposition') ?? '';
  return {
    blob: await res.blob(),
    filename: /filename="([^"]+)"/.exec(disposition)?.[1] ?? null,
    hash: res.headers.get('X-Document-SHA256'),
  };
}
