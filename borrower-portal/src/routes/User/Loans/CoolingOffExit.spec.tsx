import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Loan } from '../../../api/loans';
import { ConfirmProvider } from '../../../shell/ConfirmDialog';
import { ToastProvider } from '../../../shell/Toasts';
import { CoolingOffExit } from './CoolingOffExit';

const LOAN = { id: 'loan-1', state: 'active', currency: 'INR', updatedAt: '2026-11-22T04:30:00Z' } as unknown as Loan;
const QUOTE = { principal: 10_000_000, interest: 20_137, fee: 0, alreadyPaid: 0, amount: 10_020_137, daysHeld: 3, aprBasisPoints: 2_450 };
const OPEN = {
  loanId: 'loan-1',
  coolingOffDays: 3,
  feeRetained: false,
  lastDay: '2026-11-24',
  deadline: '2026-11-24T18:29:59.000Z',
  open: true,
  quote: QUOTE,
  exit: null,
};
const ASKED = {
  ...OPEN,
  open: false,
  quote: null,
  exit: {
    ...QUOTE,
    exitId: 'exit-1',
    status: 'open',
    lastDay: '2026-11-24',
    deadline: OPEN.deadline,
    paidTowards: 0,
    remaining: 10_020_137,
  },
};

/** GET answers `view`; the POST to exit answers ASKED; every request is recorded. */
function server(view: object) {
  const asked: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
    asked.push(`${init?.method ?? 'GET'} ${String(url)}`);
    const body = init?.method === 'POST' ? ASKED : view;
    return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  return asked;
}

const renderIt = () =>
  render(
    <ToastProvider>
      <ConfirmProvider>
        <CoolingOffExit loan={LOAN} />
      </ConfirmProvider>
    </ToastProvider>,
  );

afterEach(() => vi.restoreAllMocks());

describe('CoolingOffExit', () => {
  it('while the window is open, shows "Exit this loan" with the exact amount and the deadline; once confirmed, asks and offers to pay it', async () => {
    const asked = server(OPEN);
    renderIt();
    expect(await screen.findByRole('heading', { name: 'Changed your mind? Exit this loan' })).toBeInTheDocument();
    expect(screen.getByTestId('cooling-off-amount')).toHaveTextContent('₹1,00,201.37');
    expect(screen.getAllByTestId('cooling-off-deadline')[0]).toHaveTextContent('23:59:59 IST on');
    await userEvent.click(screen.getByRole('button', { name: 'Exit this loan' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Exit this loan' }));
    expect(await screen.findByRole('button', { name: 'Pay ₹1,00,201.37' })).toBeInTheDocument();
    expect(asked).toEqual(['GET /api/me/loans/loan-1/cooling-off', 'POST /api/me/loans/loan-1/cooling-off/exit']);
  });

  it('shows nothing once the window is over and no exit was asked', async () => {
    const asked = server({ ...OPEN, open: false, quote: null });
    renderIt();
    await vi.waitFor(() => expect(asked).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('cooling-off')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Exit this loan' })).toBeNull();
  });
});
