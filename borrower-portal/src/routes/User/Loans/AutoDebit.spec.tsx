import { createMemoryRouter, RouterProvider } from 'react-router';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Loan } from '../../../api/loans';
import { ToastProvider } from '../../../shell/Toasts';
import { AutoDebit, nextTry, returnMessage } from './AutoDebit';

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

/** The section on the loan page at `url` (the bank sends the borrower back with ?mandateId=). */
function renderAt(loan: Pick<Loan, 'id' | 'state' | 'currency'>, url = '/User/Loans/loan-1') {
  const router = createMemoryRouter(
    [
      {
        path: '/User/Loans/:id',
        element: (
          <ToastProvider>
            <AutoDebit loan={loan} />
          </ToastProvider>
        ),
      },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
}

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
          latest: true,
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
          latest: true,
          reason: 'Balance insufficient',
          nextAttemptOn: '2027-01-26',
          bounceCharge: 50_000,
        },
      ],
      manualCollections: [],
    });
    renderAt({ id: 'loan-1', state: 'active', currency: 'INR' });
    expect(await screen.findByRole('heading', { name: 'Auto-debit' })).toBeInTheDocument();
    expect(screen.getByText('SNDB1234567890123456')).toBeInTheDocument();
    const debits = screen.getByRole('list', { name: 'Debits' });
    expect(debits).toHaveTextContent('Instalment 1: ₹8,884.88');
    expect(debits).toHaveTextContent('Paid');
    expect(debits).toHaveTextContent(
      'Returned: Balance insufficient. Bounce charge ₹500.00. We will try again on 26 Jan 2027: keep the amount in your account that day, or pay it now below',
    );
    expect(nextTry({ latest: false, nextAttemptOn: '2027-01-26' })).toBe('Presented again on 26 Jan 2027');
    expect(screen.getByRole('button', { name: 'Cancel auto-debit' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Set up e-NACH' })).toBeNull();
  });

  it('offers e-NACH and UPI AutoPay when there is no mandate on a signed loan', async () => {
    answer({ mandates: [], presentations: [], manualCollections: [] });
    renderAt({ id: 'loan-1', state: 'final.pending', currency: 'INR' });
    expect(await screen.findByRole('button', { name: 'Set up e-NACH' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Set up UPI AutoPay' })).toBeInTheDocument();
  });

  it('back from the bank (?mandateId=), says the registration’s outcome; without it, says nothing', async () => {
    answer({ mandates: [MANDATE], presentations: [], manualCollections: [] });
    renderAt({ id: 'loan-1', state: 'active', currency: 'INR' }, '/User/Loans/loan-1?mandateId=m-1');
    expect(await screen.findByTestId('mandate-outcome')).toHaveTextContent(
      'Auto-debit is set up: each instalment will be collected from your bank account on its due date.',
    );
    expect(returnMessage({ status: 'failed', failureReason: 'Authorisation declined at the bank' })).toBe(
      'Your bank did not authorise the auto-debit (Authorisation declined at the bank). You can try again, or pay each instalment from this page by its due date.',
    );
    expect(returnMessage({ status: 'pending', failureReason: null })).toMatch(/not confirmed the auto-debit yet/);
    expect(returnMessage(undefined)).toBeNull();
  });

  it('a cancelled mandate says why: the loan repaid needs nothing more; cancelled at the bank asks for manual payment', async () => {
    answer({ mandates: [{ ...MANDATE, status: 'cancelled', cancelCause: 'loan-closed' }], presentations: [], manualCollections: [] });
    renderAt({ id: 'loan-1', state: 'closed', currency: 'INR' });
    expect(await screen.findByText('Your loan is repaid and closed, so nothing more is debited.')).toBeInTheDocument();
    expect(screen.queryByTestId('mandate-outcome')).toBeNull();
  });

  it('a mandate cancelled at the bank asks the borrower to pay by hand', async () => {
    answer({ mandates: [{ ...MANDATE, status: 'cancelled', cancelCause: 'cancelled-at-bank' }], presentations: [], manualCollections: [] });
    renderAt({ id: 'loan-1', state: 'active', currency: 'INR' });
    expect(
      await screen.findByText('You cancelled it at your bank. Please pay each instalment from this page by its due date.'),
    ).toBeInTheDocument();
    // The loan is still active: a new mandate may be set up.
    expect(screen.getByRole('button', { name: 'Set up e-NACH' })).toBeInTheDocument();
  });

  it('shows nothing on a closed loan that never had a mandate (nothing to set up or to show)', async () => {
    answer({ mandates: [], presentations: [], manualCollections: [] });
    renderAt({ id: 'loan-1', state: 'closed', currency: 'INR' });
    await waitFor(() => expect(globalThis.fetch).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('auto-debit')).toBeNull();
  });

  it('shows the cancelled mandate of a loan exited in its cooling-off period', async () => {
    answer({ mandates: [{ ...MANDATE, status: 'cancelled', cancelCause: 'cooling-off-exit' }], presentations: [], manualCollections: [] });
    renderAt({ id: 'loan-1', state: 'closed', currency: 'INR' });
    expect(await screen.findByText('Cancelled')).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
