import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { loanBookAccrualPeriods, type LoanBookEvent, type LoanBookTerms } from '../../lending/public/loan-books.js';
import { accruedThrough } from './accrual.js';
import type { AccountingRule } from './chart.js';
import {
  journalFor,
  journalForClassification,
  journalForClosedDay,
  type ClosedDay,
  type JournalEntry,
  type LoanKnowledge,
} from './journal.js';
import type { ProvisionRates } from './provisions.js';
import { BOOK_LOAN_TERMS, RBI_PROVISION_RATES } from './accounting-spec.helper.js';

// The loan of journal.spec.ts: 1,00,000.00 at 12 % for 12 months paid out 15 Jan 2026, fee 2,000.00, EMI 8,884.88;
// instalment 1 (15 Feb) earns 1,000.00 interest over 31 days.
const TERMS: LoanBookTerms = BOOK_LOAN_TERMS;
const FIRST_DUE = 888_488 + 200_000;
const RATES: ProvisionRates = RBI_PROVISION_RATES;
const day = (date: string, position = 500): ClosedDay => ({ date, position, provisionRates: RATES });
const paid = (paymentId: string, valueDate: string, amount: number): LoanBookEvent => ({
  type: 'RepaymentApplied',
  paymentId,
  valueDate,
  amount,
});
const NOTHING: LoanKnowledge = { events: [], classes: [], closedDay: null };

function signed(entry: JournalEntry): Record<string, number> {
  return Object.fromEntries(entry.lines.map((l) => [l.account, l.debit - l.credit]));
}

function booked(entries: JournalEntry[]) {
  for (const entry of entries) {
    expect(entry.lines.reduce((s, l) => s + l.debit, 0)).toBe(entry.amount);
    expect(entry.lines.reduce((s, l) => s + l.credit, 0)).toBe(entry.amount);
  }
  return entries.map((e) => ({ date: e.valueDate, kind: e.kind, lines: signed(e) }));
}

const loan = (known: LoanKnowledge, rule: AccountingRule = 'accrual') => ({ loanId: 'loan-1', terms: TERMS, rule, known });

describe('close of business under the accrual rule', () => {
  it('given a loan paid out on 15 Jan, when 16 Jan closes (the first day), then a day of interest accrued and the standard provision', () => {
    expect(booked(journalForClosedDay(loan(NOTHING), day('2026-01-16')))).toEqual([
      { date: '2026-01-16', kind: 'close-of-business', lines: { '1110': 3_225, '2200': -40_000, '4100': -3_225, '5300': 40_000 } },
    ]);
  });

  it('given 16 Jan closed, when 17 Jan closes, then the next day of interest (the rounding carried) and no provision change', () => {
    expect(booked(journalForClosedDay(loan({ ...NOTHING, closedDay: day('2026-01-16') }), day('2026-01-17')))).toEqual([
      { date: '2026-01-17', kind: 'close-of-business', lines: { '1110': 3_226, '4100': -3_226 } },
    ]);
  });

  it('given days closed through 14 Feb, when instalment 1 is paid on 15 Feb, then what accrued leaves receivable and the rest waits as received in advance', () => {
    const entries = journalFor(
      { position: 300, type: 'RepaymentApplied' },
      {
        loanId: 'loan-1',
        terms: TERMS,
        before: [],
        event: paid('p1', '2026-02-15', FIRST_DUE),
        rule: 'accrual',
        closedDay: day('2026-02-14'),
      },
    );
    expect(booked(entries)).toEqual([
      {
        date: '2026-02-15',
        kind: 'event',
        lines: { '1010': FIRST_DUE, '1100': -788_488, '1110': -96_774, '1120': -200_000, '2110': -3_226 },
      },
    ]);
  });

  it('given instalment 1 paid on 15 Feb, when 15 Feb closes, then the last day releases the advance and the provision falls with the principal', () => {
    const known = { ...NOTHING, events: [paid('p1', '2026-02-15', FIRST_DUE)], closedDay: day('2026-02-14') };
    expect(booked(journalForClosedDay(loan(known), day('2026-02-15')))).toEqual([
      // 0.40 % of 92,115.12 is 368.46: the provision falls from 400.00 by 31.54.
      { date: '2026-02-15', kind: 'close-of-business', lines: { '2110': 3_226, '2200': 3_154, '4100': -3_226, '5300': -3_154 } },
    ]);
  });

  it('given nothing paid and days closed through 15 May, when the loan becomes an NPA on 16 May, then the interest accrued and not received is reversed', () => {
    const accrued = accruedThrough(loanBookAccrualPeriods(TERMS, [], '2026-05-15').periods, '2026-05-15');
    expect(accrued).toBe(352_374); // instalments 1 to 4, due 15 Feb to 15 May
    const known = { ...NOTHING, closedDay: day('2026-05-15') };
    const entries = journalForClassification({ position: 700, type: 'LoanClassificationChanged' }, loan(known), {
      date: '2026-05-16',
      to: 'NPA',
    });
    expect(booked(entries)).toEqual([{ date: '2026-05-16', kind: 'event', lines: { '1110': -accrued, '4100': accrued } }]);
  });

  it('given an NPA since 16 May, when 16 May closes, then nothing accrues and the provision rises from 0.40 % to 15 %', () => {
    const known = { ...NOTHING, classes: [{ date: '2026-05-16', to: 'NPA' }], closedDay: day('2026-05-15') };
    expect(booked(journalForClosedDay(loan(known), day('2026-05-16')))).toEqual([
      { date: '2026-05-16', kind: 'close-of-business', lines: { '2200': -1_460_000, '5300': 1_460_000 } },
    ]);
  });

  it('given an NPA with 20 May closed, when instalment 1 is paid dated 20 May, then its interest is income on receipt and the provision on the principal repaid is released', () => {
    const known = { classes: [{ date: '2026-05-16', to: 'NPA' }], closedDay: day('2026-05-20') };
    const entries = journalFor(
      { position: 800, type: 'RepaymentApplied' },
      { loanId: 'loan-1', terms: TERMS, before: [], event: paid('p1', '2026-05-20', FIRST_DUE), rule: 'accrual', ...known },
    );
    // 15 % of the 7,884.88 repaid is 1,182.73.
    expect(booked(entries)[0]!.lines).toEqual({
      '1010': FIRST_DUE,
      '1100': -788_488,
      '1120': -200_000,
      '2200': 118_273,
      '4100': -100_000,
      '5300': -118_273,
    });
  });
});

describe('the other rules', () => {
  it('given the rule none, then the loan posts nothing: payout, payment or close of business', () => {
    const context = { loanId: 'loan-1', terms: TERMS, before: [], rule: 'none' as const };
    expect(journalFor({ position: 1, type: 'LoanDisbursed' }, context)).toEqual([]);
    expect(journalFor({ position: 2, type: 'RepaymentApplied' }, { ...context, event: paid('p1', '2026-02-15', FIRST_DUE) })).toEqual([]);
    expect(journalForClosedDay(loan(NOTHING, 'none'), day('2026-01-16'))).toEqual([]);
  });

  it('given the rule cash, then close of business posts the provision only and a payment credits interest income', () => {
    expect(booked(journalForClosedDay(loan(NOTHING, 'cash'), day('2026-01-16')))).toEqual([
      { date: '2026-01-16', kind: 'close-of-business', lines: { '2200': -40_000, '5300': 40_000 } },
    ]);
    const entries = journalFor(
      { position: 300, type: 'RepaymentApplied' },
      {
        loanId: 'loan-1',
        terms: TERMS,
        before: [],
        event: paid('p1', '2026-02-15', FIRST_DUE),
        rule: 'cash',
        closedDay: day('2026-02-14'),
      },
    );
    expect(booked(entries)[0]!.lines).toEqual({ '1010': FIRST_DUE, '1100': -788_488, '1120': -200_000, '4100': -100_000 });
  });
});

describe('property: the accruals of close of business sum to the scheduled interest', () => {
  it('given any EMI loan and every day closed through its maturity, nothing paid and no NPA, then interest income is the schedule’s interest', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100_000, max: 100_000_000 }),
        fc.integer({ min: 1, max: 36 }),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 0, max: 27 }),
        (principal, rate, months, offset) => {
          const disbursedOn = new Date(Date.UTC(2026, 0, 1 + offset)).toISOString().slice(0, 10);
          const firstDue = new Date(Date.UTC(2026, 1, 1 + offset)).toISOString().slice(0, 10);
          const terms: LoanBookTerms = {
            ...TERMS,
            principal,
            annualRatePercent: rate,
            months,
            disbursedOn,
            firstDueDate: firstDue,
            fee: 0,
          };
          const { periods } = loanBookAccrualPeriods(terms, [], '2099-01-01');
          const scheduled = periods.reduce((sum, p) => sum + p.interest, 0);
          const maturity = periods.at(-1)!.to;
          let known: LoanKnowledge = NOTHING;
          let income = 0;
          for (let d = Date.parse(disbursedOn) + 86_400_000, n = 1; d <= Date.parse(maturity); d += 86_400_000, n += 1) {
            const closing: ClosedDay = { date: new Date(d).toISOString().slice(0, 10), position: n, provisionRates: RATES };
            const entries = journalForClosedDay({ loanId: 'l', terms, rule: 'accrual', known }, closing);
            for (const entry of entries) for (const line of entry.lines) if (line.account === '4100') income += line.credit - line.debit;
            known = { ...known, closedDay: closing };
          }
          expect(income).toBe(scheduled);
        },
      ),
      { numRuns: 15 },
    );
  });
});
