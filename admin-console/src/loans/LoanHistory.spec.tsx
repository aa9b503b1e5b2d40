import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, fakeAuth, renderWithAdmin } from '../test/renderWithAdmin';
import { LoanHistory } from './LoanHistory';
import type { LoanHistoryEntry as HistoryEntry, AdminLoan as Loan } from '@lending/web-common/api';

const loan = { id: 'loan-1', borrowerId: 'b-1', borrower: { id: 'b-1', name: 'Asha Rao', email: 'a@x', phone: null }, currency: 'INR', version: 3 } as unknown as Loan;
const entry = (version: number, type: HistoryEntry['type'], stateAfter: HistoryEntry['stateAfter'], actor: HistoryEntry['actor'], data: Record<string, unknown> = {}, reason: string | null = null): HistoryEntry => ({
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

describe('LoanHistory', () => {
  it('shows each event with its actor, time, reason and data, oldest first, and opens the loan as of an event', async () => {
    const history = [
      entry(1, 'LoanApplicationStarted', 'new', { id: 'b-1', role: 'borrower' }, { amount: 10_000_000, tenureMonths: 12 }),
      entry(2, 'LoanApplicationSubmitted', 'applied', { id: 'b-1', role: 'borrower' }),
      entry(3, 'SoftCheckApproved', 'bank.pending', { id: 'staff-1', role: 'staff' }, { score: 742, approvedAmount: 9_000_000 }, 'Bureau clean'),
    ];
    const { dataProvider } = fakeApi({ 'GET /api/admin/loans/loan-1/history': () => history });
    const onAsOf = vi.fn();
    renderWithAdmin(<LoanHistory loan={loan} asOf={null} onAsOf={onAsOf} />, { dataProvider, authProvider: fakeAuth('*') });

    const items = await screen.findAllByTestId('history-entry');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Loan application started');
    expect(items[0]).toHaveTextContent('Asha Rao (borrower)');
    expect(items[0]).toHaveTextContent('amount: ₹1,00,000.00');
    expect(items[2]).toHaveTextContent('Soft check approved');
    expect(items[2]).toHaveTextContent('→ Bank verification pending');
    expect(items[2]).toHaveTextContent('Reason: “Bureau clean”');
    expect(items[2]).toHaveTextContent('score: 742');
    expect(items[2]).toHaveTextContent('approvedAmount: ₹90,000.00');
    expect(await screen.findByText(/you \(Priya Staff\)/)).toBeInTheDocument();

    await userEvent.click(screen.getAllByRole('button', { name: 'View the loan as of this event' })[1]);
    expect(onAsOf).toHaveBeenCalledWith('2026-11-21T10:02:00.123Z');
  });
});
