import { describe, expect, it } from 'vitest';
import { LOAN_DETAIL_PATHS, QUEUES, loanPath, queueOfState } from './queues';

const SPEC_QUEUE_PATHS = [
  'new',
  'applied',
  'soft/pending',
  'soft/approved',
  'bank/pending',
  'bank/approved',
  'consent/pending',
  'consent/customerpending',
  'consent/approved',
  'final/pending',
  'final/approved',
  'disbursal/pending',
  'Active',
  'Active/Emi',
  'Active/salaryAdvance',
];

describe('pipeline queues', () => {
  it('has a list for every queue path of the spec, spelt as the spec spells it', () => {
    expect(QUEUES.map((q) => q.path).sort()).toEqual([...SPEC_QUEUE_PATHS].sort());
  });

  it('opens each loan at the detail path of its stage, by type where the spec splits by type', () => {
    const emi = { id: 'L1', type: 'EMI' as const };
    const advance = { id: 'L2', type: 'salaryAdvance' as const };
    const detail = (path: string, loan: typeof emi | typeof advance) => QUEUES.find((q) => q.path === path)!.detail(loan);
    expect(detail('new', emi)).toBe('/Loan/new/L1');
    expect(detail('applied', emi)).toBe('/Loan/applied/EMI/L1');
    expect(detail('applied', advance)).toBe('/Loan/applied/salaryAdvance/L2');
    expect(detail('soft/approved', emi)).toBe('/Loan/soft/EMI/L1');
    expect(detail('bank/pending', advance)).toBe('/Loan/bank/L2');
    expect(detail('consent/customerpending', emi)).toBe('/Loan/consent/L1');
    expect(detail('final/pending', advance)).toBe('/Loan/final/salaryAdvance/L2');
    expect(detail('disbursal/pending', emi)).toBe('/Loan/disbursal/Emi/L1');
    expect(detail('Active/salaryAdvance', advance)).toBe('/Loan/Active/salaryAdvance/L2');
    expect(detail('Active', emi)).toBe('/Loan/Active/Emi/L1');
  });

  it('routes every detail path a queue links to', () => {
    const routes = LOAN_DETAIL_PATHS.map((p) => `/Loan/${p.replace(':id', 'X')}`);
    for (const queue of QUEUES) {
      for (const type of ['EMI', 'salaryAdvance'] as const) expect(routes).toContain(queue.detail({ id: 'X', type }));
    }
  });

  it('finds the queue a loan waits in from its state', () => {
    expect(queueOfState('soft.pending')?.path).toBe('soft/pending');
    expect(queueOfState('active')?.path).toBe('Active');
    expect(queueOfState('rejected')).toBeUndefined();
    expect(loanPath({ id: 'X', type: 'EMI', state: 'final.pending' })).toBe('/Loan/final/EMI/X');
    expect(loanPath({ id: 'X', type: 'EMI', state: 'closed' })).toBe('/Loan/Active/Emi/X');
  });
});
