/** A thin client for the real HTTP API (global fetch, keep-alive), failing with one sentence on a surprise. */
export type ApiAnswer = { status: number; body: any; headers: Headers; milliseconds: number };

export class ApiClient {
  constructor(readonly baseUrl: string) {}

  async call(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    options: { token?: string; body?: unknown; expect?: number } = {},
  ): Promise<ApiAnswer> {
    const headers: Record<string, string> = {};
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    const started = performance.now();
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await response.text();
    const milliseconds = performance.now() - started;
    let body: any = text;
    try {
      body = text === '' ? undefined : JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    const expected = options.expect ?? 200;
    if (response.status !== expected) {
      const detail = typeof body === 'object' && body ? (body.detail ?? body.title ?? JSON.stringify(body)) : String(body).slice(0, 200);
      throw new Error(`${method} ${path.split('?')[0]} answered ${response.status} instead of ${expected} (${detail})`);
    }
    return { status: response.status, body, headers: response.headers, milliseconds };
  }
}
