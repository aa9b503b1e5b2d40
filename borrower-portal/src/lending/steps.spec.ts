import { describe, expect, it } from 'vitest';
import type { LoanState } from '../api/loans';
import { redirectForStep, resumePath } from './steps';
import { timeline } from './states';

const id = '3f0c8a3e-7c55-4d8c-9a57-1f1f9b0f2a11';
const loan = (state: LoanState, type: 'EMI' | 'salaryAdvance' = 'EMI') => ({ id, type, state });

describe('where an application continues', () => {
  it.each<[LoanState, string]>([
    ['new', `/User/newLoan/Emi/${id}/Step0`],
    ['applied', `/User/newLoan/Emi/${id}/Step7`],
    ['soft.pending', `/User/newLoan/Emi/${id}/Step7`],
    ['consent.pending', `/User/newLoan/Emi/${id}/Step7`],
    ['consent.customerpending', `/User/newLoan/Emi/${id}/Step5`],
    ['final.pending', `/User/newLoan/Emi/${id}/Step7`],
    ['disbursal.pending', `/User/newLoan/Emi/${id}/Step7`],
    ['active', `/User/Loans/${id}`],
    ['rejected', `/User/Loans/${id}`],
    ['cancelled', `/User/Loans/${id}`],
  ])('%s -> %s', (state, path) => expect(resumePath(loan(state))).toBe(path));

  it('uses the salary advance flow for salary advances', () => {
    expect(resumePath(loan('new', 'salaryAdvance'))).toBe(`/User/newLoan/salaryAdvance/${id}/Step0`);
  });
});

describe('a step the state does not allow', () => {
  it('is allowed when it fits', () => {
    expect(redirectForStep(loan('new'), 'Step0', 'EMI')).toBeNull();
    expect(redirectForStep(loan('new'), 'Step1', 'EMI')).toBeNull();
    expect(redirectForStep(loan('consent.customerpending'), 'Step5', 'EMI')).toBeNull();
    expect(redirectForStep(loan('consent.customerpending'), 'Step6', 'EMI')).toBeNull();
    expect(redirectForStep(loan('final.pending'), 'Step7', 'EMI')).toBeNull();
  });

  it('redirects to the right step', () => {
    expect(redirectForStep(loan('applied'), 'Step1', 'EMI')).toBe(`/User/newLoan/Emi/${id}/Step7`);
    expect(redirectForStep(loan('new'), 'Step6', 'EMI')).toBe(`/User/newLoan/Emi/${id}/Step0`);
    expect(redirectForStep(loan('active'), 'Step5', 'EMI')).toBe(`/User/Loans/${id}`);
  });

  it('redirects a loan opened in the other type’s flow', () => {
    expect(redirectForStep(loan('new', 'salaryAdvance'), 'Step0', 'EMI')).toBe(`/User/newLoan/salaryAdvance/${id}/Step0`);
  });
});

describe('the status timeline', () => {
  const base = {
    id,
    type: 'EMI' as const,
    amount: 1,
    approvedAmount: null,
    principal: 1,
    tenureMonths: 12,
    annualRatePercent: 18,
    fee: 0,
    currency: 'INR',
    payDayOfMonth: null,
    product: null,
    bankAccountLast4: null,
    agreement: null,
    signedAt: null,
    payoutReference: null,
    disbursedOn: null,
    schedule: null,
    createdAt: '2026-11-01T10:00:00Z',
    updatedAt: '2026-11-03T10:00:00Z',
    reason: null,
    approvals: {},
    allowedActions: [],
    borrowerId: id,
    borrower: { id, name: 'Asha Rao', email: 'asha@example.com', phone: null },
    version: 3,
    position: 10,
    instalments: [],
    outstanding: null,
    creditBalance: 0,
    instalmentAmount: null,
    closedOn: null,
    arrears: null,
  };

  it('marks what is done, with dates, and the current milestone', () => {
    const entries = timeline({ ...base, state: 'bank.pending', approvals: { soft: { at: '2026-11-02T10:00:00Z' } } });
    expect(entries.filter((e) => e.done).map((e) => e.label)).toEqual([
      'Application started',
      'Application submitted',
      'Accepted for credit review',
      'Credit check approved',
    ]);
    expect(entries.find((e) => e.current)?.label).toBe('Credit check approved');
    expect(entries[3].at).toBe('2026-11-02T10:00:00Z');
  });

  it('dates submission and acceptance from the loan history', () => {
    const history = [
      {
        position: 1,
        type: 'LoanApplicationStarted',
        stateAfter: 'new' as const,
        at: '2026-11-01T10:00:00Z',
        by: 'you' as const,
        reason: null,
      },
      {
        position: 2,
        type: 'LoanApplicationSubmitted',
        stateAfter: 'applied' as const,
        at: '2026-11-01T11:00:00Z',
        by: 'you' as const,
        reason: null,
      },
      {
        position: 3,
        type: 'LoanApplicationAccepted',
        stateAfter: 'soft.pending' as const,
        at: '2026-11-01T12:30:00Z',
        by: 'lender' as const,
        reason: null,
      },
    ];
    const entries = timeline({ ...base, state: 'soft.pending' }, history);
    expect(entries.find((e) => e.label === 'Application submitted')?.at).toBe('2026-11-01T11:00:00Z');
    expect(entries.find((e) => e.label === 'Accepted for credit review')?.at).toBe('2026-11-01T12:30:00Z');
    expect(entries.find((e) => e.current)?.label).toBe('Accepted for credit review');
  });

  it('shows a closed loan with every milestone done, ending with its closure', () => {
    const entries = timeline({ ...base, state: 'closed', disbursedOn: '2026-11-21', closedOn: '2026-11-23' });
    expect(entries.every((e) => e.done)).toBe(true);
    expect(entries.at(-1)).toEqual({ label: 'Loan repaid and closed', at: '2026-11-23', done: true, current: true });
    expect(entries.find((e) => e.label === 'Money sent to your bank')).toMatchObject({ at: '2026-11-21', current: false });
  });

  it('ends a loan exited in the cooling-off period with that exit, not with a repayment', () => {
    const exited = {
      position: 9,
      type: 'LoanExitedInCoolingOff',
      stateAfter: 'closed' as const,
      at: '2026-11-22T09:00:00Z',
      by: 'you' as const,
      reason: null,
    };
    const entries = timeline({ ...base, state: 'closed', disbursedOn: '2026-11-21', closedOn: '2026-11-22' }, [exited]);
    expect(entries.at(-1)).toEqual({ label: 'Exited in the cooling-off period and closed', at: '2026-11-22', done: true, current: true });
  });

  it('ends a cancelled application with its cancellation', () => {
    const entries = timeline({ ...base, state: 'cancelled' });
    expect(entries.map((e) => e.label)).toEqual(['Application started', 'Application cancelled']);
    expect(entries[1].at).toBe(base.updatedAt);
  });
});
