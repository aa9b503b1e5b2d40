import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from './http';

const answer = (position?: string) =>
  new Response('{}', {
    status: 200,
    headers: { 'Content-Type': 'application/json', ...(position ? { 'X-Commit-Position': position } : {}) },
  });
const readAfterOf = (mock: ReturnType<typeof vi.fn>, call: number) =>
  new Headers((mock.mock.calls[call] as unknown as [string, RequestInit])[1].headers).get('X-Read-After');

beforeEach(() => localStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('reading one’s own writes from a replica (X-Commit-Position, then X-Read-After)', () => {
  it('given no command answered yet, when reading, then 0/0 is sent: this browser tracks positions, none yet', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(answer());
    await apiFetch('/api/admin/loans');
    expect(readAfterOf(fetchMock as never, 0)).toBe('0/0');
  });

  it('given a command answered with its commit position, when reading next, then that position is sent back', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(answer('0/16B3748')).mockResolvedValue(answer());
    await apiFetch('/api/admin/leads', { method: 'POST' });
    await apiFetch('/api/admin/leads');
    expect(readAfterOf(fetchMock as never, 1)).toBe('0/16B3748');
  });

  it('keeps the highest position, compared as WAL positions (not as text), and ignores what is not one', async () => {
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(answer('0/FFFFFFF'))
      .mockResolvedValueOnce(answer('1/A'))
      .mockResolvedValueOnce(answer('0/FFFFFFFF'))
      .mockResolvedValueOnce(answer('not-a-position'))
      .mockResolvedValue(answer());
    for (let i = 0; i < 4; i++) await apiFetch('/api/admin/leads', { method: 'POST' });
    await apiFetch('/api/admin/leads');
    expect(readAfterOf(fetchMock as never, 4)).toBe('1/A');
  });
});
