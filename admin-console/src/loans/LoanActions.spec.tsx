import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { fakeApi, fakeAuth, renderWithAdmin } from '../test/renderWithAdmin';
import { LoanActions } from './LoanActions';
import type { AdminLoan as Loan } from '@lending/web-common/api';

const loan = {
  id: 'loan-1',
  type: 'EMI',
  state: 'soft.pending',
  currency: 'INR',
  allowedActions: ['approve-soft', 'reject', 'cancel'],
} as unknown as Loan;

describe('LoanActions', () => {
  it('offers only the actions the state allows and the staff member’s permissions permit', async () => {
    const { dataProvider } = fakeApi({});
    renderWithAdmin(<LoanActions loan={loan} />, { dataProvider, authProvider: fakeAuth(['loans.view', 'loans.reject']) });
    expect(await screen.findByRole('button', { name: 'Reject' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve soft check' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /cancel/i })).not.toBeInTheDocument();
  });

  it('rejects only with a reason, after confirmation, with an Idempotency-Key', async () => {
    const { dataProvider, calls } = fakeApi({
      'POST /api/admin/loans/loan-1/reject': () => ({ ...loan, state: 'rejected', allowedActions: [] }),
    });
    renderWithAdmin(<LoanActions loan={loan} />, { dataProvider, authProvider: fakeAuth(['loans.reject', 'loans.soft.approve']) });
    await userEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Reject this loan? This cannot be undone.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByText('Required')).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    // Pasted, not typed: 25 keystrokes, each re-rendering the dialog in jsdom, took 5–8 s on a busy machine.
    await userEvent.click(within(dialog).getByLabelText(/Reason/));
    await userEvent.paste('Salary slips do not match');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].body).toEqual({ reason: 'Salary slips do not match' });
    expect(calls[0].headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the server’s refusal in the dialog and keeps it open', async () => {
    const { dataProvider } = fakeApi({
      'POST /api/admin/loans/loan-1/approve-soft': () => {
        throw new HttpError('Cannot approve-soft a loan in state bank.pending; allowed: approve-bank, reject, cancel', 409, {
          type: 'illegal-transition',
        });
      },
    });
    renderWithAdmin(<LoanActions loan={loan} />, { dataProvider, authProvider: fakeAuth('*') });
    await userEvent.click(await screen.findByRole('button', { name: 'Approve soft check' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(/Credit score/), '742');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve soft check' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Cannot approve-soft a loan in state bank.pending');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('verifies the bank account by penny drop by default; manual needs a reason; the server’s refusal stays in the dialog', async () => {
    const bankPending = { ...loan, state: 'bank.pending', allowedActions: ['approve-bank', 'reject', 'cancel'] } as unknown as Loan;
    let refuse = true;
    const { dataProvider, calls } = fakeApi({
      'POST /api/admin/loans/loan-1/approve-bank': () => {
        if (refuse)
          throw new HttpError('The penny drop to XXXXXX9999 (HDFC0001234) failed: the bank reports that the account does not exist.', 422, {
            type: 'bank-verification-failed',
          });
        return { ...bankPending, state: 'consent.pending', allowedActions: ['issue-agreement', 'reject', 'cancel'] };
      },
    });
    renderWithAdmin(<LoanActions loan={bankPending} />, { dataProvider, authProvider: fakeAuth(['loans.bank.approve']) });
    await userEvent.click(await screen.findByRole('button', { name: 'Approve bank verification' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Penny drop \(₹1 credit/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve bank verification' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The penny drop to XXXXXX9999 (HDFC0001234) failed');
    expect(calls[0].body).toEqual({ method: 'penny-drop' });

    // Manual: the reason is asked for before anything is sent.
    await userEvent.click(within(dialog).getByRole('combobox', { name: /How/ }));
    await userEvent.click(await screen.findByRole('option', { name: /Manually/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve bank verification' }));
    expect(within(dialog).getByText('Say how you checked the account (required for a manual verification)')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    refuse = false;
    await userEvent.click(within(dialog).getByLabelText(/Reason/));
    await userEvent.paste('Cancelled cheque checked');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve bank verification' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1].body).toEqual({ method: 'manual', reason: 'Cancelled cheque checked' });
  });

  it('says so when nothing is left to do', async () => {
    const { dataProvider } = fakeApi({});
    renderWithAdmin(<LoanActions loan={{ ...loan, state: 'active', allowedActions: [] }} />, { dataProvider, authProvider: fakeAuth('*') });
    expect(await screen.findByText('No further action: this loan is active.')).toBeInTheDocument();
  });
});
