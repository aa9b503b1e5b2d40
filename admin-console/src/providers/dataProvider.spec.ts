import { describe, expect, it, vi } from 'vitest';
import { createDataProvider } from './dataProvider';

function fakeHttp(json: unknown = [], headers: Record<string, string> = {}) {
  return vi.fn(async (_url: string, _options?: { method?: string; body?: string; headers?: Headers }) => ({
    status: 200,
    headers: new Headers(headers),
    body: JSON.stringify(json),
    json,
  }));
}

describe('dataProvider', () => {
  it('lists loans in the simple-rest protocol and reads the total from Content-Range', async () => {
    const http = fakeHttp([{ id: 'a' }, { id: 'b' }], { 'Content-Range': 'loans 0-1/37' });
    const provider = createDataProvider('/api/admin', http as never);
    const result = await provider.getList('loans', {
      pagination: { page: 2, perPage: 25 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: { queue: 'soft.pending', q: 'asha' },
    });
    expect(result).toEqual({ data: [{ id: 'a' }, { id: 'b' }], total: 37 });
    const url = new URL(http.mock.calls[0][0], 'http://x');
    expect(url.pathname).toBe('/api/admin/loans');
    expect(JSON.parse(url.searchParams.get('filter')!)).toEqual({ queue: 'soft.pending', q: 'asha' });
    expect(JSON.parse(url.searchParams.get('range')!)).toEqual([25, 49]);
    expect(JSON.parse(url.searchParams.get('sort')!)).toEqual(['createdAt', 'DESC']);
  });

  it('given a total of 10000+, when a list is read, then it is paged by next/previous (partial pagination), not by 400 numbered pages', async () => {
    const rows = Array.from({ length: 25 }, (_, i) => ({ id: `l${i}` }));
    const http = fakeHttp(rows, { 'Content-Range': 'loans 25-49/10000+' });
    const provider = createDataProvider('/api/admin', http as never);
    const params = { pagination: { page: 2, perPage: 25 }, sort: { field: 'createdAt', order: 'DESC' as const }, filter: {} };
    const result = await provider.getList('loans', params);
    expect(result).toEqual({ data: rows, pageInfo: { hasNextPage: true, hasPreviousPage: true } });
    expect(result.total).toBeUndefined();

    const last = await createDataProvider('/api/admin', fakeHttp(rows, { 'Content-Range': 'loans 10000-10024/10000+' }) as never).getList(
      'loans',
      { ...params, pagination: { page: 401, perPage: 25 } },
    );
    expect(last.pageInfo).toEqual({ hasNextPage: false, hasPreviousPage: true });
  });

  it('given an exact total of 10,000, when a list is read, then the total is the number', async () => {
    const http = fakeHttp([{ id: 'a' }], { 'Content-Range': 'loans 0-0/10000' });
    const result = await createDataProvider('/api/admin', http as never).getManyReference('loans', {
      target: 'borrowerId',
      id: 'b1',
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: {},
    });
    expect(result).toEqual({ data: [{ id: 'a' }], total: 10_000 });
  });

  it('maps the console resource names (the URL paths of the spec) to the API collections', async () => {
    const http = fakeHttp({ id: 'u1', name: 'Priya' });
    const provider = createDataProvider('/api/admin', http as never);
    await provider.getOne('Users', { id: 'u1' });
    await provider.update('Roles', { id: 'r1', data: { permissions: ['loans.view'] }, previousData: { id: 'r1' } });
    expect(http.mock.calls[0][0]).toBe('/api/admin/users/u1');
    expect(http.mock.calls[1][0]).toBe('/api/admin/roles/r1');
    expect(http.mock.calls[1][1]?.method).toBe('PUT');
  });

  it('sends a loan command as a POST to the named action with its body and Idempotency-Key', async () => {
    const http = fakeHttp({ id: 'l1', state: 'bank.pending' });
    const provider = createDataProvider('/api/admin', http as never);
    const loan = await provider.loanAction('l1', 'approve-soft', { score: 742 }, 'key-1');
    expect(loan.state).toBe('bank.pending');
    const [url, options] = http.mock.calls[0];
    expect(url).toBe('/api/admin/loans/l1/approve-soft');
    expect(options?.method).toBe('POST');
    expect(JSON.parse(options!.body!)).toEqual({ score: 742 });
    expect(options!.headers!.get('Idempotency-Key')).toBe('key-1');
    expect(options!.headers!.get('Content-Type')).toBe('application/json');
  });

  it('reads history, queue counts and the loan as of a moment from their endpoints', async () => {
    const http = fakeHttp({});
    const provider = createDataProvider('/api/admin', http as never);
    await provider.loanHistory('l1');
    await provider.loanQueues();
    await provider.loanAsOf('l1', '2026-11-21T10:00:00.000Z');
    await provider.loanActivity('2026-11-01', '2026-11-30');
    expect(http.mock.calls.map((c) => c[0])).toEqual([
      '/api/admin/loans/l1/history',
      '/api/admin/loan-queues',
      '/api/admin/loans/l1?asOf=2026-11-21T10%3A00%3A00.000Z',
      '/api/admin/loan-activity?from=2026-11-01&to=2026-11-30',
    ]);
  });

  it('asks for a device reload and a password change with POSTs', async () => {
    const http = fakeHttp({ id: 'u1', device: 'devicereload' });
    const provider = createDataProvider('/api/admin', http as never);
    await provider.reloadDevice('u1');
    await provider.changePassword({ currentPassword: 'a', newPassword: 'bbbbbbbb' });
    expect(http.mock.calls.map((c) => [c[0], c[1]?.method])).toEqual([
      ['/api/admin/users/u1/reload-device', 'POST'],
      ['/api/admin/profile/password', 'POST'],
    ]);
  });
});
