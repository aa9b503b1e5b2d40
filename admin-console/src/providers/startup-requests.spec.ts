import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { knownAccess, signedInUser } from './authProvider';
import { startSignedInRequests, takeArrivedQueueCounts } from './startup-requests';

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
const staff = (permissions?: string[]) => ({
  user: { _id: 'u1', id: 'u1', name: 'Asha', email: 'asha@example.com', role: 'staff', ...(permissions ? { permissions } : {}) },
});

/** The requests the entry chunk starts when the console opens signed in, answered by a fake server (fetch). */
function serve(identity: unknown) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    if (url.endsWith('/users/admin')) return json(identity);
    if (url.endsWith('/admin/loan-queues')) return json({ 'soft.pending': 3 });
    return new Response(null, { status: 404 });
  });
}
const asked = (fetch: ReturnType<typeof serve>) => fetch.mock.calls.map(([input]) => new URL(String(input), 'http://x').pathname);
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => localStorage.setItem('token', 'token-1'));
afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('the requests started at load read permissions as the auth provider does', () => {
  it('asks for the queue counts of a staff member who may list loans, and hands them over once', async () => {
    const fetch = serve(staff(['loans.view']));
    startSignedInRequests();
    await settle();
    expect(asked(fetch)).toEqual(['/api/users/admin', '/api/admin/loan-queues']);
    expect(takeArrivedQueueCounts()?.body).toEqual({ 'soft.pending': 3 });
    expect(takeArrivedQueueCounts()).toBeUndefined();
  });

  it('does not ask for them when the permission list lacks loans.view', async () => {
    const fetch = serve(staff(['users.view']));
    startSignedInRequests();
    await settle();
    expect(asked(fetch)).toEqual(['/api/users/admin']);
    expect(takeArrivedQueueCounts()).toBeUndefined();
    // The auth provider, given the same answer, refuses the same check.
    await signedInUser();
    expect(knownAccess('list', 'loans')).toBe(false);
  });
});
