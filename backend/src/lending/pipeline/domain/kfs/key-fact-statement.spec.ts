import { describe, expect, it } from '@jest/globals';
import { agreementTermsFor } from '../agreement-terms.js';
import { emiSchedule } from '../../../loan/domain/terms/emi-schedule.js';
import type { LoanRecord } from '../../../loan/domain/loan.state.js';
import { keyFactStatement, type KfsSettings } from './key-fact-statement.js';

const settings: KfsSettings = {
  lenderName: 'Open Lending Finance Pvt. Ltd.',
  coolingOffDays: 3,
  grievanceOfficer: { name: 'Meera Iyer', phone: '+91 80 4000 1234', email: 'grievance@lending.local', address: '12 MG Road' },
};

const emiLoan = { loanType: 'EMI', amount: 10_000_000, annualRatePercent: 12, tenureMonths: 12, fee: 200_000 } as LoanRecord;
const advance = { loanType: 'salaryAdvance', amount: 1_000_000, annualRatePercent: 0, tenureMonths: 1, fee: 20_000 } as LoanRecord;

describe('keyFactStatement', () => {
  it('given an EMI loan of 1,00,000 at 12 % for 12 months with a 2,000 fee, states the APR with the fee owed with instalment 1', () => {
    const terms = agreementTermsFor(emiLoan, { currency: 'INR' });
    const schedule = emiSchedule({ principal: terms.principal, annualRatePercent: 12, months: 12 }).schedule;
    const kfs = keyFactStatement({
      loanId: 'L1',
      loanType: 'EMI',
      terms,
      schedule,
      charges: { penalChargeFlat: 50_000, graceDays: 3 },
      settings,
    });
    expect(kfs.sanctionedAmount).toBe(10_000_000);
    expect(kfs.netDisbursedAmount).toBe(10_000_000);
    expect(kfs.instalments).toEqual({ type: 'Monthly', count: 12, amount: 888_488, commencement: 'one month after disbursal' });
    expect(kfs.fees).toEqual([
      { name: 'Processing fee', amount: 200_000, payableTo: 'lender', recurrence: 'one-time', collected: 'with instalment 1' },
    ]);
    expect(kfs.schedule[0]!.amount).toBe(888_488 + 200_000);
    expect(kfs.schedule[1]!.fee).toBe(0);
    // every amount the borrower pays is in the schedule: the sum is the total payable
    expect(kfs.schedule.reduce((s, l) => s + l.amount, 0)).toBe(kfs.totalPayable);
    expect(kfs.aprBasisPoints).toBe(1580);
    expect(kfs.contingentCharges[0]!.value).toBe('₹500.00 once for each instalment unpaid 3 days after its due date');
    expect(kfs.coolingOffDays).toBe(3);
    expect(kfs.grievanceOfficer.name).toBe('Meera Iyer');
    expect(kfs.qualitative.map((q) => q.name)).toEqual(
      expect.arrayContaining(['Engagement of recovery agents', 'Cooling-off / look-up period']),
    );
  });

  it('given a salary advance of 10,000 with a 2 % flat fee repaid after a month, states one bullet and an APR of 24 %', () => {
    const terms = agreementTermsFor(advance, { currency: 'INR' });
    const kfs = keyFactStatement({
      loanId: 'L2',
      loanType: 'salaryAdvance',
      terms,
      schedule: [],
      charges: { penalChargeFlat: 0, graceDays: 0 },
      settings,
    });
    expect(kfs.instalments).toEqual({ type: 'Single bullet', count: 1, amount: 1_020_000, commencement: 'on the pay day after disbursal' });
    expect(kfs.fees[0]!.name).toBe('Flat fee');
    expect(kfs.aprBasisPoints).toBe(2400);
    expect(kfs.contingentCharges[0]!.value).toBe('None');
  });

  it("given the product version's auto-debit settings, lists the bounce charge as a penal charge with the re-presentation policy", () => {
    const terms = agreementTermsFor(emiLoan, { currency: 'INR' });
    const schedule = emiSchedule({ principal: terms.principal, annualRatePercent: 12, months: 12 }).schedule;
    const statement = (autoDebit: { bounceCharge: number; representations: number; representAfterDays: number }) =>
      keyFactStatement({
        loanId: 'L3',
        loanType: 'EMI',
        terms,
        schedule,
        charges: { penalChargeFlat: 0, graceDays: 0, autoDebit },
        settings,
      }).contingentCharges.find((c) => c.name === 'Other penal charges')!.value;
    expect(statement({ bounceCharge: 50_000, representations: 2, representAfterDays: 5 })).toBe(
      'Auto-debit bounce charge: ₹500.00 for each auto-debit (e-NACH or UPI AutoPay) returned unpaid, a penal charge on that instalment (not interest); ' +
        "a returned instalment is presented again up to 2 times, 5 days after each return, unless the bank's reason makes it pointless (account closed, mandate cancelled)",
    );
    expect(statement({ bounceCharge: 0, representations: 0, representAfterDays: 1 })).toBe(
      'Auto-debit bounce charge: none; a returned instalment is not presented again',
    );
  });

  it('given no fee, the APR is the contract rate', () => {
    const terms = agreementTermsFor({ ...emiLoan, fee: 0 } as LoanRecord, { currency: 'INR' });
    const schedule = emiSchedule({ principal: terms.principal, annualRatePercent: 12, months: 12 }).schedule;
    const kfs = keyFactStatement({
      loanId: 'L3',
      loanType: 'EMI',
      terms,
      schedule,
      charges: { penalChargeFlat: 0, graceDays: 0 },
      settings,
    });
    expect(kfs.fees).toEqual([]);
    expect(kfs.aprBasisPoints).toBe(1200);
  });
});
