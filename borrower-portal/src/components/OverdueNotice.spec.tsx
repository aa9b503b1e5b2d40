import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Loan } from '../api/loans';
import { daysOverdueText, OverdueNotice } from './OverdueNotice';

const loan = (arrears: Loan['arrears'], state: Loan['state'] = 'active') =>
  ({ id: '3f2a91c0-0000-4000-8000-000000000000', state, currency: 'INR', arrears }) as Loan;

function renderNotice(value: Loan, inPage = false) {
  const router = createMemoryRouter([{ path: '/', element: <OverdueNotice loan={value} inPage={inPage} /> }], { initialEntries: ['/'] });
  render(<RouterProvider router={router} />);
}

describe('OverdueNotice', () => {
  it('given an overdue loan, shows the days overdue, the amount to pay now with its charges, and a Pay button to the Pay form', () => {
    renderNotice(loan({ asOf: '2026-12-25', daysOverdue: 4, overdueAmount: 947_800, amountDueNow: 947_800, chargesDue: 50_000 }));
    expect(screen.getByTestId('days-overdue').textContent).toBe('4 days overdue');
    expect(screen.getByTestId('amount-due-now').textContent).toBe('₹9,478.00');
    expect(screen.getByTestId('charges-due').textContent).toContain('₹500.00 in late-payment charges');
    const pay = screen.getByRole('link', { name: 'Pay ₹9,478.00' });
    expect(pay.getAttribute('href')).toBe('/User/Loans/3f2a91c0-0000-4000-8000-000000000000#pay');
  });

  it('on the loan page, the Pay button goes to the form below', () => {
    renderNotice(loan({ asOf: '2026-12-25', daysOverdue: 1, overdueAmount: 100, amountDueNow: 100, chargesDue: 0 }), true);
    expect(screen.getByTestId('days-overdue').textContent).toBe('1 day overdue');
    expect(screen.queryByTestId('charges-due')).toBeNull();
    expect(screen.getByRole('link', { name: 'Pay ₹1.00' }).getAttribute('href')).toBe('#pay');
  });

  it('given nothing overdue, or a loan no longer active, shows nothing', () => {
    renderNotice(loan({ asOf: '2026-12-21', daysOverdue: 0, overdueAmount: 0, amountDueNow: 897_800, chargesDue: 0 }));
    renderNotice(loan({ asOf: '2026-12-25', daysOverdue: 4, overdueAmount: 100, amountDueNow: 100, chargesDue: 0 }, 'closed'));
    renderNotice(loan(null));
    expect(screen.queryByTestId('overdue')).toBeNull();
  });

  it('says day or days', () => {
    expect(daysOverdueText(1)).toBe('1 day overdue');
    expect(daysOverdueText(15)).toBe('15 days overdue');
  });
});
