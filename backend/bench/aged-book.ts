import { randomUUID } from 'node:crypto';
import { addDays } from '../src/lending/loan/domain/calendar.js';
import { instalmentsAtDayEnd } from '../src/lending/collections/domain/day-end.js';
import type { LoanCommand } from '../src/lending/loan/domain/loan.commands.js';
import { decide } from '../src/lending/loan/domain/loan.decide.js';
import { evolve, initialLoanState, type LoanRecord, type LoanState } from '../src/lending/loan/domain/loan.state.js';
import type { Actor } from '../src/lending/loan/domain/loan.types.js';
import type { ProductParameters } from '../src/lending/loan/domain/terms/loan-product.js';
import { owedTotal } from '../src/lending/loan/domain/schedule/working-instalment.js';
import { loanEventRows, type EventRow } from './bulk-load.js';
import type { GeneratedLoan, LoanStep } from './loan-histories.js';

/** How a generated borrower repays: the shares give a book with a realistic part overdue in each class. */
export type RepaymentHabit = 'onTime' | 'late' | 'stopped' | 'partial';
const HABITS: readonly [RepaymentHabit, number][] = [
  ['onTime', 72],
  ['late', 12],
  ['stopped', 11],
  ['partial', 5],
];

/** The actor close of business appends as (CLOSE_OF_BUSINESS_ACTOR). */
const COB_ACTOR: Actor = { id: 'system:close-of-business', role: 'staff' };
const LAST_DAY = '9999-12-31';

/** A loan aged through a date, and what it looks like then (for the bench's tally). */
export type AgedLoan = GeneratedLoan & { habit: RepaymentHabit; finalStatus: string; classification: string };

/**
 * Takes a generated active loan from its payout to the day end of `through`, in memory, as the API and the nightly
 * close of business would have: the borrower's payments (recorded by one staff member, verified by another) on the
 * days its habit gives, and before each payment day, and at the end, the pure `decide` of `CloseBusinessDay`, the
 * very decider COB runs. So the steps appended are exactly the log COB would have written night after night.
 */
export class BookAger {
  constructor(
    private readonly random: () => number,
    private readonly staffIds: readonly string[],
  ) {
    if (staffIds.length < 2) throw new Error('the book ager needs two staff members (maker and checker of payments)');
  }

  age(loan: GeneratedLoan, through: string): AgedLoan {
    let state: LoanState = loan.steps.reduce((s: LoanState, step) => evolve(s, step.event), initialLoanState);
    const record = state as LoanRecord;
    if (record.status !== 'active' || !record.disbursedOn || !record.product)
      throw new Error(`book ager: loan ${loan.loanId} is not an active loan with a product`);
    const params: ProductParameters = {
      ...record.product.terms,
      productId: record.product.id,
      productVersion: record.product.version,
      active: true,
    } as ProductParameters;
    const steps: LoanStep[] = [...loan.steps];
    // Business times only move forward within a stream (the bulk insert orders rows by them): a night's run right
    // after a late-evening payout is stamped just after it.
    let lastAt = Date.parse(loan.steps.at(-1)!.event.data.at);
    const run = (command: LoanCommand) => {
      lastAt = Math.max(Date.parse(command.data.at), lastAt + 1000);
      command.data.at = new Date(lastAt).toISOString();
      for (const event of decide(command, state, params)) {
        state = evolve(state, event);
        steps.push({ event, commandType: command.type, actor: command.data.actor });
      }
    };
    const closeBusiness = (date: string) =>
      run({ type: 'CloseBusinessDay', data: { loanId: loan.loanId, at: nightAfter(date), actor: COB_ACTOR, date } });

    const habit = this.habit();
    const disbursedOn = record.disbursedOn;
    let lastPaid = disbursedOn;
    // The borrower of a stopped or partial habit stops at an instalment due by then (chosen once they fall due).
    const dueBy = instalmentsAtDayEnd(record, LAST_DAY).filter((i) => i.dueDate <= through).length;
    const stopAt = dueBy === 0 ? 0 : 1 + Math.floor(this.random() * dueBy);
    const maker = this.staffIds[0]!;
    const checker = this.staffIds[1]!;
    while ((state as LoanRecord).status === 'active') {
      const loanNow = state as LoanRecord;
      const instalment = instalmentsAtDayEnd(loanNow, LAST_DAY).find((i) => i.status !== 'paid');
      if (!instalment) break;
      // Stopped: nothing from instalment `stopAt` on; partial: part of instalment `stopAt`, then nothing.
      if (habit === 'stopped' && instalment.number >= stopAt) break;
      if (habit === 'partial' && instalment.number > stopAt) break;
      let day =
        habit === 'late'
          ? addDays(instalment.dueDate, 1 + Math.floor(this.random() * (this.random() < 0.8 ? 20 : 75)))
          : addDays(instalment.dueDate, -Math.floor(this.random() * 4));
      if (day <= lastPaid) day = addDays(lastPaid, 1);
      if (day <= disbursedOn) day = addDays(disbursedOn, 1);
      if (day > through) break;
      closeBusiness(addDays(day, -1));
      const owed = owedTotal(instalmentsAtDayEnd(state as LoanRecord, day).find((i) => i.number === instalment.number)!);
      const amount =
        habit === 'partial' && instalment.number === stopAt
          ? Math.max(100, Math.round((owed * (0.2 + 0.6 * this.random())) / 100) * 100)
          : owed;
      if (amount <= 0) break;
      const paymentId = randomUUID();
      const at = `${day}T10:00:00.000Z`;
      run({
        type: 'RecordPayment',
        data: {
          loanId: loan.loanId,
          at,
          actor: { id: maker, role: 'staff' },
          businessDate: day,
          paymentId,
          amount,
          paidOn: day,
          method: 'upi',
          reference: `UPI${paymentId.slice(0, 12)}`,
        },
      });
      run({
        type: 'VerifyPayment',
        data: { loanId: loan.loanId, at: `${day}T11:00:00.000Z`, actor: { id: checker, role: 'staff' }, businessDate: day, paymentId },
      });
      lastPaid = day;
      if (habit === 'partial' && instalment.number === stopAt) break;
    }
    closeBusiness(through);
    const final = state as LoanRecord;
    return { ...loan, steps, habit, finalStatus: final.status, classification: final.collections?.classification ?? 'standard' };
  }

  private habit(): RepaymentHabit {
    const total = HABITS.reduce((sum, [, w]) => sum + w, 0);
    let r = this.random() * total;
    for (const [habit, weight] of HABITS) {
      r -= weight;
      if (r < 0) return habit;
    }
    return 'onTime';
  }
}

/** When the nightly run closes `date`: five past midnight in Asia/Kolkata of the day after (NIGHTLY_CLOSE_OF_BUSINESS_PATTERN). */
export function nightAfter(date: string): string {
  return new Date(`${addDays(date, 1)}T00:05:00+05:30`).toISOString();
}

/**
 * An aged loan's log kept as the JSON the store writes, to be written again for other loans (ClonedBook): the loan
 * id and the payment ids are replaced by fresh ones, everything else (borrower, dates, amounts, what COB recorded)
 * is the same. The decider reads no ids, so each copy is exactly the log the nightly runs would have written for
 * it. This lets the bench write a book of a million loans without deciding a million histories.
 */
export class AgedTemplate {
  readonly inBook: boolean;
  private readonly rows: EventRow[];
  private readonly paymentIds: string[];

  constructor(private readonly loan: AgedLoan) {
    this.inBook = loan.finalStatus === 'active' || loan.classification !== 'standard';
    this.rows = loanEventRows([loan]);
    this.paymentIds = [
      ...new Set(loan.steps.flatMap((step) => ('paymentId' in step.event.data ? [String(step.event.data.paymentId)] : []))),
    ];
  }

  /** The template's own rows (its loan id, borrower and payment ids), for the log. */
  ownRows(): EventRow[] {
    return this.rows;
  }

  /** The ids a copy replaces: the loan's and its payments' (ClonedBook). */
  ids(): { loanId: string; paymentIds: readonly string[] } {
    return { loanId: this.loan.loanId, paymentIds: this.paymentIds };
  }
}
