import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError, Notification } from 'react-admin';
import { describe, expect, it } from 'vitest';
import type { Instalment } from '@lending/web-common/servicing';
import { fakeApi, fakeAuth, renderWithAdmin } from '../test/renderWithAdmin';
import { Repayments } from './Repayments';

const line = (number: number, dueDate: string): Instalment => ({
  number,
  closedOut: null,
  dueDate,
  principal: 788_488,
  interest: 100_000,
  fees: 0,
  penalties: 0,
  paidPrincipal: 0,
  paidInterest: 0,
  paidFees: 0,
  paidPenalties: 0,
  status: 'upcoming',
  paidOn: null,
});
const instalments = [line(1, '2026-02-15'), line(2, '2026-03-15')];
const outstanding = { principal: 10_000_000, interest: 200_000, fees: 0, penalties: 0, total: 10_200_000 };
/** The server's preview of the payment: instalment 1 paid, 2 ahead. */
const PREVIEW = {
  date: '2026-02-20',
  amount: 888_488,
  reducePrincipal: false,
  allocated: { principal: 788_488, interest: 100_000, fees: 0, penalties: 0, toCreditBalance: 0 },
  instalments: [
    { ...line(1, '2026-02-15'), paidPrincipal: 788_488, paidInterest: 100_000, status: 'paid', paidOn: '2026-02-20' },
    { ...line(2, '2026-03-15'), status: 'upcoming' },
  ],
  outstanding: { principal: 9_211_512, interest: 100_000, fees: 0, penalties: 0, total: 9_311_512 },
  instalmentAmount: 888_488,
};
const QUOTE = { date: '2026-02-20', principal: 10_000_000, interest: 17_857, fees: 0, penalties: 0, total: 10_905_345 };

function api(extra: Record<string, (body: unknown) => unknown> = {}) {
  return fakeApi({
    'GET /api/admin/business-date': () => ({ date: '2026-02-20', mode: 'manual', timeZone: 'Asia/Kolkata' }),
    'GET /api/admin/loans/loan-1/foreclosure-quote': () => QUOTE,
    'POST /api/admin/loans/loan-1/payments/preview': () => PREVIEW,
    ...extra,
  });
}

const render = (permissions: string[], dataProvider: ReturnType<typeof api>['dataProvider'], creditBalance = 0) =>
  renderWithAdmin(
    <>
      <Repayments
        loanId="loan-1"
        state="active"
        currency="INR"
        instalments={instalments}
        outstanding={outstanding}
        creditBalance={creditBalance}
        refunds={[]}
      />
      <Notification />
    </>,
    { dataProvider, authProvider: fakeAuth(permissions) },
  );

describe('the loan page’s repayments', () => {
  it('shows what is overdue on the business date, the outstanding total and the payoff quote', async () => {
    const { dataProvider } = api();
    render(['loans.view'], dataProvider);
    expect(await screen.findByText('Due now, overdue since 15 Feb 2026')).toBeInTheDocument();
    expect(screen.getByTestId('amount-due')).toHaveTextContent('₹8,884.88');
    expect(screen.getByTestId('outstanding-total')).toHaveTextContent('₹1,02,000.00');
    expect(await screen.findByTestId('foreclosure-total')).toHaveTextContent('₹1,09,053.45');
    expect(screen.queryByRole('button', { name: 'Record payment' })).not.toBeInTheDocument();
  });

  it('records a payment prefilled with what is due on the business date, with an Idempotency-Key', async () => {
    const { dataProvider, calls } = api({
      'POST /api/admin/loans/loan-1/payments': (body) => ({ id: 'p1', status: 'pending', ...(body as object) }),
    });
    render(['loans.view', 'payments.record'], dataProvider);
    await userEvent.click(await screen.findByRole('button', { name: 'Record payment' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText(/Amount/)).toHaveValue('8884.88');
    expect(within(dialog).getByLabelText(/Paid on/)).toHaveValue('2026-02-20');
    // The schedule the payment would leave, from the server, before confirming.
    expect(await within(dialog).findByText(/The schedule after this payment/)).toBeInTheDocument();
    expect(await within(dialog).findByText(/Outstanding after it/)).toHaveTextContent('₹93,115.12');
    expect(calls.find((c) => c.path.endsWith('/payments/preview'))?.body).toEqual({
      amount: 888_488,
      paidOn: '2026-02-20',
      reducePrincipal: false,
    });
    // Inputs set with change events, not typed: each keystroke re-renders the dialog, seconds on a loaded machine.
    fireEvent.change(within(dialog).getByLabelText(/Reference/), { target: { value: 'RCPT-7' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST' && c.path.endsWith('/payments'))).toHaveLength(1));
    const post = calls.find((c) => c.method === 'POST' && c.path.endsWith('/payments'))!;
    expect(post.body).toEqual({ amount: 888_488, method: 'cash', paidOn: '2026-02-20', reference: 'RCPT-7', reducePrincipal: false });
    expect(post.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText('Payment recorded: it is applied once a second staff member verifies it.')).toBeInTheDocument();
  });

  it('refuses a value date after the business date before sending, and shows the server’s refusal as a notification', async () => {
    const { dataProvider, calls } = api({
      'POST /api/admin/loans/loan-1/payments': () => {
        throw new HttpError('The loan is not active.', 409, { type: 'illegal-transition' });
      },
    });
    render(['payments.record'], dataProvider);
    await userEvent.click(await screen.findByRole('button', { name: 'Record payment' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/Paid on/), { target: { value: '2026-02-21' } });
    fireEvent.change(within(dialog).getByLabelText(/Reference/), { target: { value: 'UTR-1' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(within(dialog).getByText('A date on or before 20 Feb 2026')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST' && c.path.endsWith('/payments'))).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText(/Paid on/), { target: { value: '2026-02-19' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await screen.findByText('The loan is not active.')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('offers a refund of the credit balance to staff who may ask for one', async () => {
    const { dataProvider } = api();
    render(['payments.record'], dataProvider, 50_000);
    expect(await screen.findByRole('button', { name: 'Refund credit' })).toBeInTheDocument();
    expect(screen.getByTestId('credit-balance')).toHaveTextContent('₹500.00');
  });
});
