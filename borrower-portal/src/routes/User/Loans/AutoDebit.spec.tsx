import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../shell/Toasts';
import { AutoDebit } from './AutoDebit';

const MANDATE = {
  id: 'm-1',
  kind: 'e-nach',
  status: 'active',
  maxAmount: 1_800_000,
  frequency: 'monthly',
  validFrom: '2026-11-25',
  validUntil: '2028-11-21',
  providerReference: 'SNDB1234567890123456',
  failureReason: null,
  cancelCause: null,
};

function answer(body: object) {
  vi.spyOn(globalThis, 'fetch').mockImplementation(
    async () => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } }),
  );
}

afterEach(() => vi.restoreAllMocks());

describe('the loan page’s auto-debit section', () => {
  it('shows the mandate and each debit with its result, a bounce with its reason, charge and next try', async () => {
    answer({
      mandates: [MANDATE],
      presentations: [
        {
          id: 'p1',
          instalmentNumber: 1,
          attempt: 1,
          amount: 888_488,
          presentedOn: '2026-12-21',
          status: 'succeeded',
          reason: null,
          nextAttemptOn: null,
          bounceCharge: null,
        },
        {
          id: 'p2',
          instalmentNumber: 2,
          attempt: 1,
          amount: 888_488,
          presentedOn: '2027-01-21',
          status: 'bounced',
          reason: 'Balance insufficient',
          nextAttemptOn: '2027-01-26',
          bounceCharge: 50_000,
        },
      ],
      manualCollections: [],
    });
    render(
      <ToastProvider>
        <AutoDebit loan={{ id: 'loan-1', state: 'active', currency: 'INR' }} />
      </ToastProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Auto-debit' })).toBeInTheDocument();
    expect(screen.getByText('SNDB1234567890123456')).toBeInTheDocument();
    const debits = screen.getByRole('list', { name: 'Debits' });
    expect(debits).toHaveTextContent('Instalment 1: ₹8,884.88');
    expect(debits).toHaveTextContent('Paid');
    expect(debits).toHaveTextContent('Returned: Balance insufficient. Bounce charge ₹500.00');
    expect(screen.getByRole('button', { name: 'Cancel auto-debit' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Set up e-NACH' })).toBeNull();
  });

  it('offers e-NACH and UPI AutoPay when there is no mandate on a signed loan', async () => {
    answer({ mandates: [], presentations: [], manualCollections: [] });
    render(
      <ToastProvider>
        <AutoDebit loan={{ id: 'loan-1', state: 'final.pending', currency: 'INR' }} />
      </ToastProvider>,
    );
    expect(await screen.findByRole('button', { name: 'Set up e-NACH' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Set up UPI AutoPay' })).toBeInTheDocument();
  });

  it('shows nothing on a closed loan that never had a mandate (nothing to set up or to show)', async () => {
    answer({ mandates: [], presentations: [], manualCollections: [] });
    render(
      <ToastProvider>
        <AutoDebit loan={{ id: 'loan-1', state: 'closed', currency: 'INR' }} />
      </ToastProvider>,
    );
    await waitFor(() => expect(globalThis.fetch).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('auto-debit')).toBeNull();
  });

  it('shows the cancelled mandate of a loan exited in its cooling-off period', async () => {
    answer({ mandates: [{ ...MANDATE, status: 'cancelled', cancelCause: 'cooling-off-exit' }], presentations: [], manualCollections: [] });
    render(
      <ToastProvider>
        <AutoDebit loan={{ id: 'loan-1', state: 'closed', currency: 'INR' }} />
      </ToastProvider>,
    );
    expect(await screen.findByText('Cancelled')).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
