import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminErasureRequest } from '@lending/web-common/api';
import { fakeApi, fakeAuth, renderWithAdmin } from '../test/renderWithAdmin';
import { ErasureRequestPage } from './ErasureRequestShow';

const KEPT = {
  part: 'loan-records' as const,
  what: 'Your applications and loans',
  why: 'RBI Master Direction - Know Your Customer (KYC) Direction, 2016, Chapter VII Record Management (a)',
  until: null,
  untilText: 'While your application or loan runs, then 5 years after the last one ends',
};
const WAITING: AdminErasureRequest = {
  id: 'r-1',
  borrowerId: 'b-1',
  borrowerName: 'Asha Rao',
  status: 'requested',
  reason: 'moving abroad',
  requestedAt: '2026-12-01T05:30:00.000Z',
  carriedOutAt: null,
  carriedOutBy: null,
  answer: null,
  plan: {
    duty: { kind: 'while-running', running: ['l-1'] },
    erase: [{ part: 'sessions', what: 'Signed-in devices' }],
    kept: [KEPT],
  },
};
const DONE: AdminErasureRequest = {
  ...WAITING,
  status: 'carried-out',
  carriedOutAt: '2026-12-02T05:30:00.000Z',
  carriedOutBy: 'staff-1',
  plan: null,
  answer: { duty: WAITING.plan!.duty, erased: [{ part: 'sessions', what: 'Signed-in devices', count: 2 }], kept: [KEPT] },
};

describe('an erasure request', () => {
  it('shows what carrying it out erases and keeps, and carries it out only after the confirmation; then the answer', async () => {
    let current = WAITING;
    const { dataProvider, calls } = fakeApi({
      'GET /api/admin/erasure-requests/r-1': () => current,
      'POST /api/admin/erasure-requests/r-1/carry-out': () => ((current = DONE), DONE),
    });
    renderWithAdmin(<ErasureRequestPage id="r-1" />, { dataProvider, authProvider: fakeAuth(['customers.erasure']) });
    expect(await screen.findByText('Reason: moving abroad')).toBeInTheDocument();
    expect(screen.getByText(/While your application or loan runs/)).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Carry out' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Erase the data of Asha Rao?');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Carry out' }));
    expect(await screen.findByText('Signed-in devices (2)')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/admin/erasure-requests/r-1/carry-out']);
    expect(screen.queryByRole('button', { name: 'Carry out' })).toBeNull();
  });

  it('offers no Carry out to staff without customers.erasure', async () => {
    const { dataProvider } = fakeApi({ 'GET /api/admin/erasure-requests/r-1': () => WAITING });
    renderWithAdmin(<ErasureRequestPage id="r-1" />, { dataProvider, authProvider: fakeAuth(['customers.view']) });
    expect(await screen.findByText('Reason: moving abroad')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Carry out' })).toBeNull();
  });
});
