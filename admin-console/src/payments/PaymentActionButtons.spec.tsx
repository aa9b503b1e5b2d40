import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminPayment as Payment } from '@lending/web-common/servicing';
import { fakeApi, fakeAuth, renderWithAdmin } from '../test/renderWithAdmin';
import { PaymentActionButtons } from './PaymentActionButtons';

const pending: Payment = {
  id: 'pay-1',
  loanId: 'loan-1',
  channel: 'offline',
  method: 'cash',
  amount: 888_488,
  paidOn: '2026-02-20',
  reference: 'RCPT-7',
  status: 'pending',
  flagged: false,
  recordedBy: 'maker',
  recordedAt: '2026-02-20T10:00:00.000Z',
  verifiedBy: null,
  verifiedAt: null,
  rejectedBy: null,
  rejectionReason: null,
  provider: null,
  providerOrderId: null,
  providerReference: null,
  capturedAmount: null,
  reversalRequestedBy: null,
  reversalReason: null,
  reversedBy: null,
  reversedOn: null,
  updatedAt: '2026-02-20T10:00:00.000Z',
};
const CHECKER = ['loans.view', 'payments.record', 'payments.verify'];

describe('PaymentActionButtons', () => {
  it('does not offer Verify to the staff member who recorded the payment', async () => {
    const { dataProvider } = fakeApi({});
    renderWithAdmin(<PaymentActionButtons payment={pending} />, {
      dataProvider,
      authProvider: fakeAuth(CHECKER, { id: 'maker', fullName: 'Maker' }),
    });
    expect(await screen.findByRole('button', { name: 'Reject' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Verify' })).not.toBeInTheDocument();
  });

  it('lets a second staff member verify it, after a confirmation', async () => {
    const { dataProvider, calls } = fakeApi({ 'POST /api/admin/payments/pay-1/verify': () => ({ ...pending, status: 'applied' }) });
    renderWithAdmin(<PaymentActionButtons payment={pending} />, {
      dataProvider,
      authProvider: fakeAuth(CHECKER, { id: 'checker', fullName: 'Checker' }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Verify' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('₹8,884.88 · RCPT-7');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/admin/payments/pay-1/verify', body: {} });
  });

  it('reverses an applied payment only with a reason', async () => {
    const { dataProvider, calls } = fakeApi({
      'POST /api/admin/payments/pay-1/reverse': () => ({ ...pending, status: 'applied', reversalRequestedBy: 'checker' }),
    });
    renderWithAdmin(<PaymentActionButtons payment={{ ...pending, status: 'applied' }} />, {
      dataProvider,
      authProvider: fakeAuth(CHECKER, { id: 'checker', fullName: 'Checker' }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Reverse' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reverse' }));
    expect(within(dialog).getByText('Required')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Cheque bounced' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reverse' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].body).toEqual({ reason: 'Cheque bounced' });
  });
});
