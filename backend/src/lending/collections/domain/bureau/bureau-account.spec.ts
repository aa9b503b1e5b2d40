import { describe, expect, it } from '@jest/globals';
import { calendarDateIn } from '../../../../platform/business-date/business-date.port.js';
import { serviceLoan } from '../../../loan/domain/schedule/loan-servicing.js';
import { paid, reversed } from '../../../loan/domain/schedule/servicing-spec.helper.js';
import type { ServicingEvent, ServicingTerms } from '../../../loan/domain/schedule/servicing.types.js';
import { accountAsOf, accountNumberOf, monthHasEnded, reportingMonth } from './bureau-account.js';

const loanId = '0b8f3c1e-1111-4d2a-9a3b-5c6d7e8f9a0b';
/** 1,00,000.00 over 12 months at 12 %, paid out 21 September 2026, instalments on the 21st from October. */
const terms: ServicingTerms = {
  loanType: 'EMI',
  principal: 10_000_000,
  annualRatePercent: 12,
  months: 12,
  disbursedOn: '2026-09-21',
  firstDueDate: '2026-10-21',
  fee: 0,
  strategy: 'mifos-standard',
  prepaymentMode: 'reduceTenure',
};
const november = reportingMonth('2026-11');
const schedule = serviceLoan(terms, []).instalments;
const instalment = (n: number) => schedule[n - 1].principal + schedule[n - 1].interest;
const closedOut = (kind: 'settlement' | 'writeOff', valueDate: string): ServicingEvent => ({
  type: 'ClosedOut',
  id: kind === 'writeOff' ? 'write-off' : 'offer-1',
  kind,
  valueDate,
});

describe('the reporting month', () => {
  it('runs from the first to the last day of the month, leap years included', () => {
    expect(november).toEqual({ month: '2026-11', firstDay: '2026-11-01', lastDay: '2026-11-30' });
    expect(reportingMonth('2028-02').lastDay).toBe('2028-02-29');
  });

  describe('at the month end in Asia/Kolkata (UTC+05:30)', () => {
    const businessDateAt = (iso: string) => calendarDateIn('Asia/Kolkata', new Date(iso));
    it('November has not ended at 23:59:59 IST on 30 November (18:29:59 UTC)', () => {
      expect(monthHasEnded('2026-11', businessDateAt('2026-11-30T18:29:59Z'))).toBe(false);
    });
    it('November has ended at 00:00 IST on 1 December (18:30 UTC on 30 November)', () => {
      expect(monthHasEnded('2026-11', businessDateAt('2026-11-30T18:30:00Z'))).toBe(true);
    });
    it('the current month and a future month have not ended', () => {
      expect(monthHasEnded('2026-12', '2026-12-15')).toBe(false);
      expect(monthHasEnded('2027-01', '2026-12-15')).toBe(false);
    });
  });
});

describe("a loan's account as of the month end", () => {
  describe('given a loan paid out in September', () => {
    it('when nothing was paid: both instalments due by 30 November are overdue, 41 days past due (SMA-1)', () => {
      expect(accountAsOf(loanId, terms, [], november)).toEqual({
        number: accountNumberOf(loanId),
        openedOn: '2026-09-21',
        lastPaymentOn: null,
        closedOn: null,
        sanctioned: 10_000_000,
        currentBalance: 10_000_000 + schedule[0].interest + schedule[1].interest,
        amountOverdue: instalment(1) + instalment(2),
        daysPastDue: 41,
        classification: 'SMA-1',
        closure: null,
      });
    });

    it('when every instalment was paid on its day: nothing overdue, 0 days past due, standard, the last payment date', () => {
      const account = accountAsOf(
        loanId,
        terms,
        [paid('p1', '2026-10-21', instalment(1)), paid('p2', '2026-11-21', instalment(2))],
        november,
      );
      expect(account).toMatchObject({ lastPaymentOn: '2026-11-21', amountOverdue: 0, daysPastDue: 0, classification: 'standard' });
      expect(account!.currentBalance).toBe(10_000_000 - schedule[0].principal - schedule[1].principal);
    });

    it('a payment dated 1 December (after the month end, in IST) does not count for November', () => {
      const account = accountAsOf(
        loanId,
        terms,
        [paid('p1', '2026-10-21', instalment(1)), paid('p2', '2026-12-01', instalment(2))],
        november,
      );
      expect(account).toMatchObject({
        lastPaymentOn: '2026-10-21',
        amountOverdue: instalment(2),
        daysPastDue: 10,
        classification: 'SMA-0',
      });
    });

    it('a payment reversed within the month does not count', () => {
      const account = accountAsOf(loanId, terms, [paid('p1', '2026-10-21', instalment(1)), reversed('p1', '2026-10-25')], november);
      expect(account).toMatchObject({ lastPaymentOn: null, daysPastDue: 41 });
    });
  });

  describe('given a loan closed', () => {
    const repaid = [paid('p1', '2026-11-10', 10_000_000 + 200_000)];
    it('in the month: reported with the date it closed and nothing owed', () => {
      expect(accountAsOf(loanId, terms, repaid, november)).toMatchObject({
        closedOn: '2026-11-10',
        closure: 'closed',
        currentBalance: 0,
        amountOverdue: 0,
        daysPastDue: 0,
        classification: 'standard',
      });
    });
    it('before the month: not reported again', () => {
      expect(accountAsOf(loanId, terms, repaid, reportingMonth('2026-12'))).toBeNull();
    });
    it('by a settlement in the month: flagged settled', () => {
      expect(accountAsOf(loanId, terms, [closedOut('settlement', '2026-11-15')], november)).toMatchObject({
        closure: 'settled',
        closedOn: '2026-11-15',
        currentBalance: 0,
      });
    });
  });

  it('given a loan written off in the month: flagged written off, with what the borrower still owes', () => {
    expect(accountAsOf(loanId, terms, [closedOut('writeOff', '2026-11-25')], november)).toMatchObject({
      closure: 'writtenOff',
      closedOn: '2026-11-25',
      amountOverdue: instalment(1) + instalment(2),
      daysPastDue: 41,
    });
  });

  it('given a loan written off in October: still reported in November, with what the borrower owes by then', () => {
    expect(accountAsOf(loanId, terms, [closedOut('writeOff', '2026-10-25')], november)).toMatchObject({
      closure: 'writtenOff',
      closedOn: '2026-10-25',
      amountOverdue: instalment(1) + instalment(2),
      daysPastDue: 41,
    });
  });

  it('given a loan written off in October and recovered in full in October: not reported in November', () => {
    const payoff = serviceLoan(terms, []).outstanding;
    const all = payoff.principal + payoff.interest;
    expect(accountAsOf(loanId, terms, [closedOut('writeOff', '2026-10-25'), paid('r-1', '2026-10-28', all)], november)).toBeNull();
  });

  it('given a loan paid out after the month: not reported', () => {
    expect(accountAsOf(loanId, { ...terms, disbursedOn: '2026-12-01', firstDueDate: '2027-01-01' }, [], november)).toBeNull();
  });
});
