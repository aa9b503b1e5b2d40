import { getDeviceId, getToken } from '../session/storage';
import { trackRequest } from '../shell/activity';

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
  /** Field name -> message, for forms. */
  get fieldMessages(): Record<string, string> {
    return Object.fromEntries((this.problem.fields ?? []).map((f) => [f.name, f.message]));
  }
}

/** What a 401 means to the app: set by the session module (kept here as a hook so this file knows no router). */
type UnauthorizedHandler = (problem: Problem, path: string) => void;
let onUnauthorized: UnauthorizedHandler = () => undefined;
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

/** Paths whose 401 is an answer for the form (wrong password), not a lost session. */
const CREDENTIAL_PATHS = ['/auth/login', '/auth/register', '/auth/social', '/auth/logout', '/auth/reset-password', '/auth/forgot-password'];

export type RequestOptions = { method?: string; body?: unknown; idempotencyKey?: string; signal?: AbortSignal; query?: Record<string, string | number> };

export function apiHeaders(extra: Record<string, string> = {}): Record<string, string> {
  const token = getToken();
  return { 'X-Device-Id': getDeviceId(), ...(token ? { Authorization: `Bearer ${token}` } : {}), ...extra };
}

async function problemOf(res: Response): Promise<Problem> {
  const body = await res.json().catch(() => null);
  if (body && typeof body === 'object' && typeof body.type === 'string') return { ...body, status: res.status } as Problem;
  return { type: res.status === 404 ? 'not-found' : 'http-error', status: res.status, detail: `The server answered ${res.status} ${res.statusText}`.trim() };
}

/** Sends a request to /api with the device id and the token; a non-2xx answer throws ApiError. */
export async function apiRequest(path: string, options: RequestOptions = {}): Promise<Response> {
  const headers = apiHeaders(options.idempotencyKey ? { 'Idempotency-Key': options.idempotencyKey } : {});
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const query = options.query ? `?${new URLSearchParams(Object.entries(options.query).map(([k, v]) => [k, String(v)]))}` : '';
  const done = trackRequest();
  let res: Response;
  try {
    res = await fetch(`/api${path}${query}`, {
      method: options.method ?? 'GET',
      headers,
      credentials: 'same-origin',
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError({ type: 'network-error', status: 0, detail: 'We could not reach our servers. Check your connection and try again.' });
  } finally {
    done();
  }
  if (res.ok) return res;
  const problem = await problemOf(res);
  if (res.status === 401 && !CREDENTIAL_PATHS.includes(path)) onUnauthorized(problem, path);
  throw new ApiError(problem);
}

export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const res = await apiRequest(path, options);
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}
