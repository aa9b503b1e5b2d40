import {
  loanBookPosition,
  ZERO_POSITION,
  type LoanBookEvent,
  type LoanBookPosition,
  type LoanBookTerms,
} from '../../lending/public/loan-books.js';
import { LOAN_BOOK_ACCOUNTS, type LoanBookAccount } from './chart.js';

/** One side of an entry: an amount (minor units) on the debit or the credit of an account; the other side is 0. */
export type JournalLine = { account: string; debit: number; credit: number };

/**
 * A journal entry derived from one loan event. `kind` is `event` for the entry on the event's own value date, and
 * `reallocation` for the later-dated entries of a back-dated event (it changed how payments made after its value date
 * were allocated: their dates carry the change, so the books on every date agree with the loan on that date).
 */
export type JournalEntry = {
  id: string;
  /** null for a manual entry. */
  loanId: string | null;
  eventPosition: number;
  eventType: string;
  valueDate: string;
  /** `manual`: a manual journal entry approved by a second person (manual-entry.ts). */
  kind: 'event' | 'reallocation' | 'manual';
  /** Total of the debits (= total of the credits). */
  amount: number;
  lines: JournalLine[];
  /** A manual entry's narration. */
  narration?: string;
  /** Its own date when that was in a closed period: `valueDate` is then the first open day (periods.ts). */
  originalValueDate?: string;
};

/** The loan event as the books read it: its place in the log and its type. */
export type BookedEvent = { position: number; type: string };

/**
 * What the books know of the loan when the event comes: its terms, the money events before it (log order), and the
 * event itself as lending's fold reads it (absent for LoanDisbursed, whose date is the disbursal date).
 */
export type LoanContext = {
  loanId: string;
  terms: LoanBookTerms;
  before: readonly LoanBookEvent[];
  event?: LoanBookEvent;
};

/** Signed balance per loan-book account: debit positive, credit negative. */
export type Balances = Record<LoanBookAccount, number>;

const ACCOUNT_ORDER = Object.keys(LOAN_BOOK_ACCOUNTS) as LoanBookAccount[];

/**
 * The loan's balance in each account given its position (docs/accounting.md, "The rules"). Interest is income when
 * received (no accrual yet), fees and penal charges when charged; a settlement's forgiveness is an expense, a
 * write-off a bad debt, money after a write-off a recovery. Suspense takes whatever the rest leaves unbalanced: it
 * stays at zero while lending's fold keeps money received = allocated + credit balance (the property test checks).
 */
export function balancesOf(p: LoanBookPosition): Balances {
  const balances: Balances = {
    bank: p.received - p.refunded - p.disbursed,
    loansReceivable: p.owed.principal,
    interestReceivable: 0,
    feesReceivable: p.owed.fees,
    penaltiesReceivable: p.owed.penalties,
    suspense: 0,
    creditBalances: -p.creditBalance,
    interestIncome: -p.interestReceived,
    feeIncome: -(p.feesCharged - p.waived.fees),
    penalIncome: -(p.penaltiesCharged - p.waived.penalties),
    recoveries: -p.recoveries,
    badDebts: p.writtenOff.principal + p.writtenOff.fees + p.writtenOff.penalties,
    settlementDiscount: p.settled.principal + p.settled.fees + p.settled.penalties,
  };
  balances.suspense = -ACCOUNT_ORDER.reduce((sum, account) => sum + balances[account], 0);
  return balances;
}

function difference(after: Balances, before: Balances): Balances {
  return Object.fromEntries(ACCOUNT_ORDER.map((a) => [a, after[a] - before[a]])) as Balances;
}

function linesOf(change: Balances): JournalLine[] {
  return ACCOUNT_ORDER.filter((a) => change[a] !== 0).map((a) => ({
    account: LOAN_BOOK_ACCOUNTS[a],
    debit: Math.max(0, change[a]),
    credit: Math.max(0, -change[a]),
  }));
}

const ZERO_BALANCES = balancesOf(ZERO_POSITION);

/**
 * The journal entries of one loan event: the change it makes to the loan's balances on its value date, and, when it
 * is back-dated, the further change on each later value date of the loan's other events. A reversal is dated on the
 * reversal's date (its value date), so it mirrors the payment there and never edits an entry. An event that changes
 * nothing (a payment delivered twice) has no entry. Every entry balances: both positions do.
 */
export function journalFor(event: BookedEvent, loan: LoanContext): JournalEntry[] {
  const { terms } = loan;
  const after = loan.event ? [...loan.before, loan.event] : loan.before;
  const valueDate = loan.event?.valueDate ?? terms.disbursedOn;
  const dates = [...new Set([terms.disbursedOn, ...after.map((e) => e.valueDate)])].filter((d) => d >= valueDate).sort();
  const entries: JournalEntry[] = [];
  let posted = ZERO_BALANCES;
  for (const date of dates) {
    const was = loan.event ? balancesOf(loanBookPosition(terms, loan.before, date)) : ZERO_BALANCES;
    const is = balancesOf(loanBookPosition(terms, after, date));
    const change = difference(is, was);
    const lines = linesOf(difference(change, posted));
    posted = change;
    if (lines.length === 0) continue;
    entries.push({
      id: `${event.position}-${entries.length + 1}`,
      loanId: loan.loanId,
      eventPosition: event.position,
      eventType: event.type,
      valueDate: date,
      kind: date === valueDate ? 'event' : 'reallocation',
      amount: lines.reduce((sum, l) => sum + l.debit, 0),
      lines,
    });
  }
  return entries;
}
