import { vi } from 'vitest';

export type RecordedCall = { url: string; method: string; body: Record<string, unknown> | undefined };
type Answer = (body: Record<string, unknown> | undefined) => { status: number; body: unknown };

/**
 * The API as a list of answers by path; every request is recorded with its body. A path with no answer is a 404
 * problem; an answer of 400 or more is sent as application/problem+json.
 */
export function recordedApi(answers: Record<string, Answer>): RecordedCall[] {
  const calls: RecordedCall[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
    const path = new URL(String(url), 'http://x').pathname;
    calls.push({ url: path, method: init?.method ?? 'GET', body });
    const answer = answers[path]?.(body) ?? {
      status: 404,
      body: { type: 'not-found', title: 'Not found', status: 404, detail: 'no', message: 'no' },
    };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': answer.status >= 400 ? 'application/problem+json' : 'application/json' },
    });
  });
  return calls;
}
