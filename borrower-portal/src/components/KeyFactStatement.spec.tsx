import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { KeyFactStatement as Kfs } from '../api/loans';
import { KeyFactStatement } from './KeyFactStatement';

// A salary advance's KFS as GET /api/me/loans/:id/kfs answers it (backend key-fact-statement.ts).
const advance = {
  loanId: 'a1',
  loanType: 'salaryAdvance',
  currency: 'INR',
  sanctionedAmount: 1_000_000,
  disbursal: '100% upfront, to your verified bank account after you sign',
  tenureMonths: 1,
  instalments: { type: 'Single bullet', count: 1, amount: 1_020_000, commencement: 'on the pay day after disbursal' },
  interestRate: { annualRatePercent: 0, type: 'Fixed' },
  fees: [],
  totalFees: 20_000,
  netDisbursedAmount: 1_000_000,
  totalInterest: 0,
  totalPayable: 1_020_000,
  aprBasisPoints: 2400,
  contingentCharges: [
    { name: 'Penal charges in case of delayed payment', value: '₹500.00 once for each instalment unpaid 3 days after its due date' },
  ],
  coolingOffDays: 3,
  grievanceOfficer: { name: 'G. Officer', phone: '+91 80 1234 5678', email: 'grievance@example.com', address: 'Bengaluru' },
  qualitative: [],
  schedule: [],
} as unknown as Kfs;

describe('KeyFactStatement', () => {
  it('given a salary advance, then its one repayment reads as a sentence ("commencing on the pay day", not "from on")', () => {
    render(<KeyFactStatement kfs={advance} />);
    const facts = screen.getByTestId('kfs').textContent ?? '';
    expect(facts).toContain('Single bullet: 1 × ₹10,200.00, commencing on the pay day after disbursal');
    expect(facts).not.toMatch(/from on|\(s\)/);
  });
});
