import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, fakeAuth, renderWithAdmin } from '../test/renderWithAdmin';
import { LoanHistory } from './LoanHistory';
import type { LoanHistoryEntry as HistoryEntry, AdminLoan as Loan } from '@lending/web-common/api';

const BORROWER = 'b0000000-0000-4000-8000-000000000001';
const ROHAN = 'c0000000-0000-4000-8000-000000000002';
const loan = {
  id: 'loan-1',
  borrowerId: BORROWER,
  borrower: { id: BORROWER, name: 'Asha Rao', email: 'a@x', phone: null },
  currency: 'INR',
  version: 4,
  product: null,
} as unknown as Loan;
const entry = (
  version: number,
  type: HistoryEntry['type'],
  stateAfter: HistoryEntry['stateAfter'],
  actor: HistoryEntry['actor'],
  data: Record<string, unknown> = {},
  reason: string | null = null,
): HistoryEntry => ({
  position: 100 + version,
  version,
  type,
  data: { loanId: 'loan-1', at: '2026-11-21T10:00:00Z', ...data },
  actor,
  reason,
  at: `2026-11-21T10:0${version}:00Z`,
  recordedAt: `2026-11-21T10:0${version}:00.123Z`,
  stateAfter,
});

afterEach(() => vi.restoreAllMocks());

describe('LoanHistory', () => {
  it('tells each event as a sentence with names, money and the time, keeps the raw event one click away, and opens the loan as of an event', async () => {
    const errors = vi.spyOn(console, 'error');
    const history = [
      entry(
        1,
        'LoanApplicationStarted',
        'new',
        { id: BORROWER, role: 'borrower' },
        { loanType: 'EMI', amount: 10_000_000, tenureMonths: 12 },
      ),
      entry(2, 'LoanApplicationSubmitted', 'applied', { id: BORROWER, role: 'borrower' }),
      entry(
        3,
        'SoftCheckApproved',
        'bank.pending',
        { id: ROHAN, role: 'staff' },
        { score: 742, approvedAmount: 9_000_000 },
        'Bureau clean',
      ),
      entry(4, 'LoanApplicationAccepted', 'bank.pending', { id: 'staff-1', role: 'staff' }),
      entry(
        5,
        'RepaymentApplied',
        'active',
        { id: 'payment-provider:sandbox', role: 'staff' },
        { paymentId: 'p-1', amount: 100_000, valueDate: '2026-12-01', method: 'online' },
      ),
    ];
    const { dataProvider, calls } = fakeApi({
      'GET /api/admin/loans/loan-1/history': () => history,
      'GET /api/admin/users': () => [{ id: ROHAN, name: 'Rohan Mehta' }],
    });
    const onAsOf = vi.fn();
    renderWithAdmin(<LoanHistory loan={loan} asOf={null} onAsOf={onAsOf} />, { dataProvider, authProvider: fakeAuth('*') });

    const items = await screen.findAllByTestId('history-entry');
    expect(items).toHaveLength(5);
    expect(items[0]).toHaveTextContent('Application started by Asha Rao (borrower) for ₹1,00,000.00 over 12 months');
    // The time of day is the business time zone's once @lending/web-common/format shows instants there (issue 28 item 5).
    expect(items[0]).toHaveTextContent(/21 Nov 2026, \d{1,2}:\d{2} [ap]m · event 1/);
    expect(await within(items[2]!).findByText('Soft check approved by Rohan Mehta for ₹90,000.00 (credit score 742)')).toBeInTheDocument();
    expect(items[2]).toHaveTextContent('→ Bank verification pending');
    expect(items[2]).toHaveTextContent('Reason: “Bureau clean”');
    expect(await within(items[3]!).findByText('Accepted for credit review by you (Priya Staff)')).toBeInTheDocument();
    expect(items[4]).toHaveTextContent(
      'Online payment of ₹1,000.00 applied, value date 1 Dec 2026, confirmed by Payment provider (sandbox)',
    );
    // Only user ids are looked up, all at once: never the provider, never the staff member signed in.
    const lookups = calls.filter((c) => c.path === '/api/admin/users');
    expect(lookups.length).toBeGreaterThan(0);
    expect(calls.some((c) => c.path.includes('payment-provider'))).toBe(false);

    expect(screen.queryByTestId('raw-event')).toBeNull();
    await userEvent.click(within(items[2]!).getByRole('button', { name: 'Show the raw event' }));
    const raw = within(items[2]!).getByTestId('raw-event');
    expect(raw).toHaveTextContent('"type": "SoftCheckApproved"');
    expect(raw).toHaveTextContent('"approvedAmount": 9000000');
    expect(raw).toHaveTextContent(`"id": "${ROHAN}"`);
    await userEvent.click(within(items[2]!).getByRole('button', { name: 'Hide the raw event' }));
    expect(screen.queryByTestId('raw-event')).toBeNull();

    await userEvent.click(screen.getAllByRole('button', { name: 'View the loan as of this event' })[1]!);
    expect(onAsOf).toHaveBeenCalledWith('2026-11-21T10:02:00.123Z');
    // React warns through console.error about duplicated keys (and anything else it dislikes): none.
    expect(errors).not.toHaveBeenCalled();
  });
});
