import { Inject, Injectable } from '@nestjs/common';
import { BUSINESS_DATE, type BusinessDate } from '../../../platform/business-date/business-date.port.js';
import { DB, type Db } from '../../../platform/database/database.js';
import { ConcurrencyError } from '../../../platform/event-store/event-store.errors.js';
import { CLOCK, type Clock } from '../../../platform/clock.js';
import { isIsoDate } from '../../loan/domain/calendar.js';
import { InvalidLoanInput } from '../../loan/domain/loan.errors.js';
import type { Actor } from '../../loan/domain/loan.types.js';
import { CollectionReminders } from './collection-reminders.js';
import { LoanCommandExecutor, type LoadedLoan } from '../../loan/application/loan-command-executor.js';
import type { LoanState } from '../../loan/domain/loan.state.js';
import { collectionTermsOf, nextCloseOfBusinessOn } from '../domain/next-close-of-business.js';
import { BusinessDayClose, type CloseOfBusinessResult } from '../../public/close-of-business.port.js';

export type { CloseOfBusinessResult };

/**
 * What one chunk of a run did: loans read and decided, how many of them had something recorded (aged), events
 * appended, loans whose classification changed, and penal charges applied.
 */
export type Aged = { loansVisited: number; eventsAppended: number; loansAged: number; reclassified: number; penaltiesApplied: number };

/** Who appends COB's events when no staff member asked for the run (the CLI, the nightly job). */
export const CLOSE_OF_BUSINESS_ACTOR: Actor = { id: 'system:close-of-business', role: 'staff' };

/** Loans per page of a run: one page is one chunk of work (and, with BullMQ, one job). */
export const CLOSE_OF_BUSINESS_CHUNK = 500;

/** Loans of a chunk decided and appended at once (their appends' round trips overlap; the deciding is one thread). */
export const CLOSE_OF_BUSINESS_LANES = 4;

/**
 * Close of business over the book: every active loan (and every closed one still classified past due) is aged
 * through the date. Only the loans whose next close of business has come are read (`next_cob_on`, migration 0023),
 * page by page of loan ids, each in its own append with its expected version. A run for a date already closed
 * appends nothing, so a run cut short is simply run again.
 */
@Injectable()
export class CloseOfBusiness implements BusinessDayClose {
  constructor(
    private readonly executor: LoanCommandExecutor,
    @Inject(DB) private readonly db: Db,
    @Inject(BUSINESS_DATE) private readonly businessDate: BusinessDate,
    private readonly reminders: CollectionReminders,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** The date a run is for: the one asked (never after the business date), or the business date. */
  async dateOf(requested: string | undefined): Promise<string> {
    const today = await this.businessDate.today();
    if (requested === undefined) return today;
    if (!isIsoDate(requested)) throw new InvalidLoanInput([{ name: 'date', message: 'date must be a calendar date (YYYY-MM-DD)' }]);
    if (requested > today) throw new InvalidLoanInput([{ name: 'date', message: `date must not be after the business date (${today})` }]);
    return requested;
  }

  /** lending/public's BusinessDayClose (the CLI): a run as the system. */
  closeThrough(date?: string): Promise<CloseOfBusinessResult> {
    return this.run(CLOSE_OF_BUSINESS_ACTOR, date);
  }

  async run(actor: Actor, requested?: string, chunk = CLOSE_OF_BUSINESS_CHUNK): Promise<CloseOfBusinessResult> {
    const date = await this.dateOf(requested);
    const total: CloseOfBusinessResult = {
      date,
      loansProcessed: await this.bookSize(),
      loansVisited: 0,
      eventsAppended: 0,
      remindersQueued: 0,
    };
    for (let after: string | null = null; ;) {
      const ids = await this.loanIdsAfter(after, chunk, date);
      if (ids.length === 0) return { ...total, ...(await this.queueReminders(date)) };
      const done = await this.ageLoans(ids, date, actor);
      total.loansVisited += done.loansVisited;
      total.eventsAppended += done.eventsAppended;
      after = ids.at(-1)!;
    }
  }

  /**
   * The step after ageing: the collection reminders due on `date`, selected from the read models (not by the per-loan
   * decider), each queued once for the contact window. Both the in-process run and the chunked job run end with it.
   */
  async queueReminders(date: string): Promise<{ remindersQueued: number }> {
    return { remindersQueued: (await this.reminders.queueDueOn(date)).queued };
  }

  /** The loans a run ages through its date: every active loan, and every closed one still classified past due. */
  async bookSize(): Promise<number> {
    const row = await this.db
      .selectFrom('loan_summaries')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where((eb) => eb.or([eb('state', '=', 'active'), eb('classification', '<>', 'standard')]))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * One page, in id order after `after`, of the loans with something to record by the day end of `date`: those
   * whose next close of business has come. Every other loan of the book would be decided to [], so it is not read.
   */
  async loanIdsAfter(after: string | null, limit: number, date: string): Promise<string[]> {
    let query = this.db.selectFrom('loan_summaries').select('id').where('next_cob_on', 'is not', null).where('next_cob_on', '<=', date);
    if (after !== null) query = query.where('id', '>', after);
    const rows = await query.orderBy('id').limit(limit).execute();
    return rows.map((row) => row.id);
  }

  /**
   * Ages these loans through `date`. Each is decided from its loan_summaries row (the state folded at its version,
   * written with every append) instead of a replay of its stream; a loan written meanwhile fails the append's version
   * check and is decided again from its stream.
   */
  async ageLoans(loanIds: readonly string[], date: string, actor: Actor): Promise<Aged> {
    const rows = await this.db
      .selectFrom('loan_summaries')
      .select(['id', 'version', 'last_position', 'loan_state', 'submitted_at', 'next_cob_on'])
      .where('id', 'in', [...loanIds])
      .execute();
    const aged: Aged = { loansVisited: rows.length, eventsAppended: 0, loansAged: 0, reclassified: 0, penaltiesApplied: 0 };
    let next = 0;
    // A few loans at a time: while one waits for its append, another is decided (each is its own stream).
    const lane = async () => {
      for (let i = next++; i < rows.length; i = next++) {
        const row = rows[i]!;
        const loaded: LoadedLoan = {
          state: row.loan_state as unknown as LoanState,
          version: row.version,
          lastPosition: Number(row.last_position),
          submittedAt: row.submitted_at ? new Date(row.submitted_at).toISOString() : null,
        };
        // Awaited first: `total += await x` would read the total before the wait and lose the other lanes' counts.
        const events = await this.ageLoan(row.id, date, actor, loaded, row.next_cob_on);
        countInto(aged, events);
      }
    };
    await Promise.all(Array.from({ length: CLOSE_OF_BUSINESS_LANES }, lane));
    return aged;
  }

  private async ageLoan(
    loanId: string,
    date: string,
    actor: Actor,
    snapshot: LoadedLoan,
    nextOn: string | null,
  ): Promise<readonly string[]> {
    for (let attempt = 1, loaded = snapshot; ; attempt += 1) {
      try {
        const at = this.clock.now().toISOString();
        const result = await this.executor.execute({ type: 'CloseBusinessDay', data: { loanId, at, actor, date } }, { loaded });
        if (result.events.length === 0) await this.correctNextOn(loanId, loaded, nextOn);
        return result.events;
      } catch (error) {
        if (!(error instanceof ConcurrencyError) || attempt >= 3) throw error;
        loaded = await this.executor.load(loanId);
      }
    }
  }

  /**
   * A visit that records nothing leaves the row as it was, so a date earlier than the true one (a row from before
   * migration 0023) would bring the loan back every night: write the exact one, computed from the same state as the
   * projection computes it, and only onto the version it was computed from.
   */
  private async correctNextOn(loanId: string, loaded: LoadedLoan, nextOn: string | null): Promise<void> {
    const exact = nextCloseOfBusinessOn(loaded.state, collectionTermsOf(loaded.state));
    if (exact === nextOn) return;
    await this.db
      .updateTable('loan_summaries')
      .set({ next_cob_on: exact })
      .where('id', '=', loanId)
      .where('version', '=', loaded.version)
      .execute();
  }
}

/** Adds one loan's appended events to a chunk's counts. */
function countInto(aged: Aged, eventTypes: readonly string[]): void {
  if (eventTypes.length === 0) return;
  aged.loansAged += 1;
  aged.eventsAppended += eventTypes.length;
  if (eventTypes.includes('LoanClassificationChanged')) aged.reclassified += 1;
  aged.penaltiesApplied += eventTypes.filter((type) => type === 'PenalChargeApplied').length;
}
