import { describe, expect, it } from '@jest/globals';
import { serviceLoan } from './loan-servicing.js';
import { charged, EMI_LOAN, EMI_LOAN_EMI, paid, waived } from './servicing-spec.helper.js';
import { owedAt, owedOf } from './owed-at.js';

/**
 * EMI_LOAN: 1,00,000.00 at 12% for 12 months, EMI 8,884.88; instalment 1 due 15 Feb (principal 7,884.88 + interest
 * 1,000.00), instalment 2 due 15 Mar. Payments here are all made after their due dates, so the allocation rules for
 * early money do not enter.
 */
describe('what a loan owes on a business date', () => {
  describe('given nothing paid', () => {
    const { instalments } = serviceLoan(EMI_LOAN, []);

    it('when the date is before the first due date, then nothing is owed yet, however large the schedule', () => {
      expect(owedAt(instalments, '2026-02-14', 3)).toEqual({
        due: { principal: 0, interest: 0, fees: 0, penalties: 0, total: 0 },
        overdue: { principal: 0, interest: 0, fees: 0, penalties: 0, total: 0 },
      });
    });

    it('when the date is the due date, then instalment 1 is due (all of it) and nothing is overdue', () => {
      const owed = owedAt(instalments, '2026-02-15', 3);
      expect(owed.due).toEqual({ principal: 788_488, interest: 100_000, fees: 0, penalties: 0, total: EMI_LOAN_EMI });
      expect(owed.overdue.total).toBe(0);
    });

    it('when the date is the last grace day, then it is still due, not overdue; the day after, it is overdue', () => {
      expect(owedAt(instalments, '2026-02-18', 3).overdue.total).toBe(0);
      expect(owedAt(instalments, '2026-02-19', 3).overdue.total).toBe(EMI_LOAN_EMI);
    });
  });

  describe('given a penal charge on instalment 1 and a payment of 5,000.00 after its due date', () => {
    const { instalments } = serviceLoan(EMI_LOAN, [
      charged('penal-1', '2026-02-19', 1, 'penalty', 50_000),
      paid('p1', '2026-02-20', 500_000),
    ]);

    it('then instalment 1 owes its unpaid principal only: the payment took the charge, the interest, then principal', () => {
      expect(owedOf(instalments[0]!)).toEqual({ principal: 438_488, interest: 0, fees: 0, penalties: 0, total: 438_488 });
    });

    it('when the date is 1 March, then due and overdue are instalment 1’s unpaid parts, not instalment 2 (due 15 March)', () => {
      const owed = owedAt(instalments, '2026-03-01', 3);
      expect(owed.due).toEqual({ principal: 438_488, interest: 0, fees: 0, penalties: 0, total: 438_488 });
      expect(owed.overdue).toEqual(owed.due);
    });

    it('when the date is 15 March, then instalment 2 is due as well but only instalment 1 is overdue', () => {
      const owed = owedAt(instalments, '2026-03-15', 3);
      expect(owed.due.total).toBe(438_488 + EMI_LOAN_EMI);
      expect(owed.due.interest).toBe(92_115);
      expect(owed.overdue.total).toBe(438_488);
    });
  });

  describe('given interest waived on instalment 1', () => {
    const { instalments } = serviceLoan(EMI_LOAN, [waived('w1', '2026-02-20', 1, 'interest', 40_000)]);

    it('then the waived interest is not owed', () => {
      expect(owedOf(instalments[0]!)).toEqual({ principal: 788_488, interest: 60_000, fees: 0, penalties: 0, total: 848_488 });
    });
  });
});
