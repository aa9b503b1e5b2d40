import { Inject, Injectable } from '@nestjs/common';
import { BUSINESS_DATE, type BusinessDate } from '../../platform/business-date/business-date.port.js';
import { DB, type Db } from '../../platform/database/database.js';
import { ConcurrencyError } from '../../platform/event-store/event-store.errors.js';
import { isIsoDate } from '../domain/calendar.js';
import { InvalidLoanInput } from '../domain/loan.errors.js';
import type { Actor } from '../domain/loan.types.js';
import { CollectionReminders } from './collection-reminders.js';
import { LoanCommandExecutor } from './loan-command-executor.js';

export type CloseOfBusinessResult = { date: string; loansProcessed: number; eventsAppended: number; remindersQueued: number };

/** Who appends COB's events when no staff member asked for the run (the CLI, the nightly job). */
export const CLOSE_OF_BUSINESS_ACTOR: Actor = { id: 'system:close-of-business', role: 'staff' };

/** Loans per page of a run: one page is one chunk of work (and, with BullMQ, one job). */
export const CLOSE_OF_BUSINESS_CHUNK = 500;

/**
 * Close of business over the book: every active loan (and every closed one still classified past due) is aged
 * through the date, page by page of loan ids, each loan in its own append with its expected version. A run for a
 * date already closed appends nothing, so a run cut short is simply run again.
 */
@Injectable()
export class CloseOfBusiness {
  constructor(
    private readonly executor: LoanCommandExecutor,
    @Inject(DB) private readonly db: Db,
    @Inject(BUSINESS_DATE) private readonly businessDate: BusinessDate,
    private readonly reminders: CollectionReminders,
  ) {}

  /** The date a run is for: the one asked (never after the business date), or the business date. */
  async dateOf(requested: string | undefined): Promise<string> {
    const today = await this.businessDate.today();
    if (requested === undefined) return today;
    if (!isIsoDate(requested)) throw new InvalidLoanInput([{ name: 'date', message: 'date must be a calendar date (YYYY-MM-DD)' }]);
    if (requested > today) throw new InvalidLoanInput([{ name: 'date', message: `date must not be after the business date (${today})` }]);
    return requested;
  }

  async run(actor: Actor, requested?: string, chunk = CLOSE_OF_BUSINESS_CHUNK): Promise<CloseOfBusinessResult> {
    const date = await this.dateOf(requested);
    const total: CloseOfBusinessResult = { date, loansProcessed: 0, eventsAppended: 0, remindersQueued: 0 };
    for (let after: string | null = null; ; ) {
      const ids = await this.loanIdsAfter(after, chunk);
      if (ids.length === 0) return { ...total, ...(await this.queueReminders(date)) };
      const done = await this.ageLoans(ids, date, actor);
      total.loansProcessed += done.loansProcessed;
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

  /** One page of the loans COB ages, in id order after `after`. */
  async loanIdsAfter(after: string | null, limit: number): Promise<string[]> {
    let query = this.db
      .selectFrom('loan_summaries')
      .select('id')
      .where((eb) => eb.or([eb('state', '=', 'active'), eb('classification', '<>', 'standard')]));
    if (after !== null) query = query.where('id', '>', after);
    const rows = await query.orderBy('id').limit(limit).execute();
    return rows.map((row) => row.id);
  }

  /** Ages these loans through `date`; a loan written concurrently (a payment) is decided again on its new version. */
  async ageLoans(loanIds: readonly string[], date: string, actor: Actor): Promise<{ loansProcessed: number; eventsAppended: number }> {
    let eventsAppended = 0;
    for (const loanId of loanIds) eventsAppended += await this.ageLoan(loanId, date, actor);
    return { loansProcessed: loanIds.length, eventsAppended };
  }

  private async ageLoan(loanId: string, date: string, actor: Actor): Promise<number> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        const at = new Date().toISOString();
        const result = await this.executor.execute({ type: 'CloseBusinessDay', data: { loanId, at, actor, date } });
        return result.events.length;
      } catch (error) {
        if (!(error instanceof ConcurrencyError) || attempt >= 3) throw error;
      }
    }
  }
}
