import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import VerifyPayment from './VerifyPayment';

function renderAt(search: string) {
  const router = createMemoryRouter([{ path: '/User/Loans/verifypayment', element: <VerifyPayment /> }], {
    initialEntries: [`/User/Loans/verifypayment${search}`],
  });
  render(<RouterProvider router={router} />);
}

/** GET /api/me/payments/:id answering each status in turn, the last one from then on. */
function answers(...statuses: string[]) {
  const asked: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (url) => {
    asked.push(String(url));
    const status = statuses[Math.min(asked.length - 1, statuses.length - 1)];
    const body = {
      paymentId: 'pay-1',
      loanId: 'loan-1',
      channel: 'online',
      method: 'online',
      amount: 888_488,
      paidOn: null,
      status,
      final: !['created', 'pending'].includes(status),
      createdAt: '2026-02-20T10:00:00Z',
      updatedAt: '2026-02-20T10:00:00Z',
    };
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return asked;
}

afterEach(() => vi.restoreAllMocks());

describe('/User/Loans/verifypayment', () => {
  it('asks again until the payment is final, then says it was received, in one live region', async () => {
    const asked = answers('created', 'applied');
    renderAt('?paymentId=pay-1');
    const outcome = screen.getByTestId('payment-outcome');
    expect(outcome).toHaveAttribute('role', 'status');
    expect(outcome).toHaveAttribute('aria-live', 'polite');
    expect(await screen.findByRole('heading', { name: 'Checking your payment…' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Payment received' }, { timeout: 3000 })).toBeInTheDocument();
    expect(outcome).toHaveTextContent('₹8,884.88 is paid into your loan');
    expect(asked).toEqual(['/api/me/payments/pay-1', '/api/me/payments/pay-1']);
    expect(screen.getByRole('link', { name: 'Back to your loan' })).toHaveAttribute('href', '/User/Loans/loan-1');
  });

  it('says plainly when the payment failed', async () => {
    answers('failed');
    renderAt('?paymentId=pay-1');
    expect(await screen.findByRole('heading', { name: 'The payment did not go through' })).toBeInTheDocument();
    expect(screen.getByTestId('payment-outcome')).toHaveAttribute('data-outcome', 'failure');
  });

  it('says so when the address names no payment, without asking the server', async () => {
    const asked = answers('applied');
    renderAt('');
    expect(await screen.findByRole('heading', { name: 'No payment to check' })).toBeInTheDocument();
    expect(asked).toEqual([]);
  });
});
