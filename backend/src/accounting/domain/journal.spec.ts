import { describe, expect, it } from '@jest/globals';
import type { LoanBookEvent, LoanBookTerms } from '../../lending/public/loan-books.js';
import { journalFor, type JournalEntry } from './journal.js';
import { BOOK_LOAN_TERMS } from './accounting-spec.helper.js';

// 1,00,000.00 at 12% for 12 months paid out on 15 Jan 2026 with a 2,000.00 processing fee: EMI 8,884.88;
// instalment 1 (15 Feb) is 7,884.88 principal + 1,000.00 interest + the 2,000.00 fee.
const TERMS: LoanBookTerms = BOOK_LOAN_TERMS;
const EMI = 888_488;
const FIRST_DUE = EMI + 200_000;

const paid = (paymentId: string, valueDate: string, amount: number): LoanBookEvent => ({
  type: 'RepaymentApplied',
  paymentId,
  valueDate,
  amount,
});
const reversed = (paymentId: string, valueDate: string): LoanBookEvent => ({ type: 'RepaymentReversed', paymentId, valueDate });
const penal = (chargeId: string, valueDate: string, amount: number): LoanBookEvent => ({
  type: 'ChargeApplied',
  chargeId,
  instalmentNumber: 1,
  kind: 'penalty',
  amount,
  valueDate,
});
const refunded = (refundId: string, valueDate: string, amount: number): LoanBookEvent => ({
  type: 'CreditBalanceRefunded',
  refundId,
  valueDate,
  amount,
});
const writtenOff = (valueDate: string): LoanBookEvent => ({ type: 'ClosedOut', id: 'write-off', kind: 'writeOff', valueDate });
const settled = (valueDate: string): LoanBookEvent => ({ type: 'ClosedOut', id: 'offer-1', kind: 'settlement', valueDate });

/** given(...history).when(event) → the entries of that event (position 100), as account → signed amount per entry. */
function given(...history: LoanBookEvent[]) {
  return {
    when(event: LoanBookEvent | 'disbursal') {
      const entries = journalFor(
        { position: 100, type: event === 'disbursal' ? 'LoanDisbursed' : event.type },
        { loanId: 'loan-1', terms: TERMS, before: history, event: event === 'disbursal' ? undefined : event },
      );
      return {
        entries,
        then(...expected: { date: string; kind?: JournalEntry['kind']; lines: Record<string, number> }[]) {
          expect(entries.map((e) => ({ date: e.valueDate, kind: e.kind, lines: signed(e) }))).toEqual(
            expected.map((e) => ({ date: e.date, kind: e.kind ?? 'event', lines: e.lines })),
          );
          for (const entry of entries) expectBalanced(entry);
        },
      };
    },
  };
}

/** Debit positive, credit negative, by account code. */
function signed(entry: JournalEntry): Record<string, number> {
  return Object.fromEntries(entry.lines.map((l) => [l.account, l.debit - l.credit]));
}

function expectBalanced(entry: JournalEntry): void {
  const debits = entry.lines.reduce((s, l) => s + l.debit, 0);
  const credits = entry.lines.reduce((s, l) => s + l.credit, 0);
  expect(debits).toBe(credits);
  expect(entry.amount).toBe(debits);
}

describe('journalFor', () => {
  it('disbursal: the principal to loans receivable from the bank, the processing fee to fee income as receivable', () => {
    given()
      .when('disbursal')
      .then({ date: '2026-01-15', lines: { '1010': -10_000_000, '1100': 10_000_000, '1120': 200_000, '4200': -200_000 } });
  });

  it('a repayment is split by its allocation: fee, interest (income when received), principal', () => {
    given()
      .when(paid('p1', '2026-02-15', FIRST_DUE))
      .then({ date: '2026-02-15', lines: { '1010': FIRST_DUE, '1100': -788_488, '1120': -200_000, '4100': -100_000 } });
  });

  it('a penal charge is receivable and income when applied, and a later payment clears it first', () => {
    given()
      .when(penal('c1', '2026-02-20', 50_000))
      .then({ date: '2026-02-20', lines: { '1130': 50_000, '4300': -50_000 } });
    given(penal('c1', '2026-02-20', 50_000))
      .when(paid('p1', '2026-02-21', 50_000))
      .then({ date: '2026-02-21', lines: { '1010': 50_000, '1130': -50_000 } });
  });

  it('money paid in advance pays the next instalments: their principal and interest, ahead of their dates', () => {
    given(paid('p1', '2026-02-15', FIRST_DUE))
      .when(paid('p2', '2026-02-20', EMI))
      .then({ date: '2026-02-20', lines: { '1010': EMI, '1100': -796_373, '4100': -92_115 } });
  });

  it('money beyond everything owed is a credit balance (a liability), and its refund pays it back out of the bank', () => {
    const payoff = given()
      .when(paid('p1', '2026-01-15', 10_300_000))
      .entries.at(0)!;
    expect(signed(payoff)).toEqual({ '1010': 10_300_000, '1100': -10_000_000, '1120': -200_000, '2100': -100_000 });
    given(paid('p1', '2026-01-15', 10_300_000))
      .when(refunded('r1', '2026-01-20', 100_000))
      .then({ date: '2026-01-20', lines: { '1010': -100_000, '2100': 100_000 } });
  });

  it("a reversal mirrors the payment on the reversal's date and leaves the payment's entry as it was", () => {
    given(paid('p1', '2026-02-15', FIRST_DUE))
      .when(reversed('p1', '2026-02-25'))
      .then({ date: '2026-02-25', lines: { '1010': -FIRST_DUE, '1100': 788_488, '1120': 200_000, '4100': 100_000 } });
  });

  it('a back-dated payment posts on its value date, and the re-allocation of later payments on their dates', () => {
    // p2 came first (15 Mar) and paid instalment 1; p1 dated 15 Feb arrives later: from 15 Feb it pays instalment 1,
    // so from 15 Mar p2 pays instalment 2 instead (less interest, more principal... and no fee).
    const { entries } = given(paid('p2', '2026-03-15', FIRST_DUE)).when(paid('p1', '2026-02-15', FIRST_DUE));
    expect(entries.map((e) => [e.valueDate, e.kind])).toEqual([
      ['2026-02-15', 'event'],
      ['2026-03-15', 'reallocation'],
    ]);
    expect(signed(entries[0]!)).toEqual({ '1010': FIRST_DUE, '1100': -788_488, '1120': -200_000, '4100': -100_000 });
    for (const entry of entries) expectBalanced(entry);
  });

  it('a payment delivered twice has no entry the second time', () => {
    expect(given(paid('p1', '2026-02-15', EMI)).when(paid('p1', '2026-02-15', EMI)).entries).toEqual([]);
  });

  it('a write-off moves what is owed (principal, fees, penal charges) to bad debts; interest was never income', () => {
    given(penal('c1', '2026-03-01', 50_000))
      .when(writtenOff('2026-06-30'))
      .then({ date: '2026-06-30', lines: { '1100': -10_000_000, '1120': -200_000, '1130': -50_000, '5100': 10_250_000 } });
  });

  it('money received after a write-off is a recovery, and its reversal takes the recovery back', () => {
    given(writtenOff('2026-06-30'))
      .when(paid('p9', '2026-07-10', 300_000))
      .then({ date: '2026-07-10', lines: { '1010': 300_000, '4400': -300_000 } });
    given(writtenOff('2026-06-30'), paid('p9', '2026-07-10', 300_000))
      .when(reversed('p9', '2026-07-12'))
      .then({ date: '2026-07-12', lines: { '1010': -300_000, '4400': 300_000 } });
  });

  it('a settlement forgives what is left as a discount allowed (an expense)', () => {
    given(paid('p1', '2026-02-15', FIRST_DUE))
      .when(settled('2026-02-20'))
      .then({ date: '2026-02-20', lines: { '1100': -(10_000_000 - 788_488), '5200': 10_000_000 - 788_488 } });
  });

  it('holds a payment after a settlement as credit balance, and its reversal takes it back (nothing to suspense)', () => {
    given(settled('2026-01-20'))
      .when(paid('p1', '2026-01-25', 1_000))
      .then({ date: '2026-01-25', lines: { '1010': 1_000, '2100': -1_000 } });
    given(settled('2026-01-20'), paid('p1', '2026-01-25', 1_000))
      .when(reversed('p1', '2026-01-26'))
      .then({ date: '2026-01-26', lines: { '1010': -1_000, '2100': 1_000 } });
  });

  it('names the loan, the event and its position in every entry', () => {
    const [entry] = given().when(paid('p1', '2026-02-15', 1_000)).entries;
    expect(entry).toMatchObject({
      id: '100-1',
      loanId: 'loan-1',
      eventPosition: 100,
      eventType: 'RepaymentApplied',
      valueDate: '2026-02-15',
    });
  });
});
