import { Inject, Injectable } from '@nestjs/common';
import { BUSINESS_DATE, type BusinessDate } from '../../../platform/business-date/business-date.port.js';
import { sql } from 'kysely';
import { DB, type Db } from '../../../platform/database/database.js';
import { ConcurrencyError } from '../../../platform/event-store/event-store.errors.js';
import { CLOCK, type Clock } from '../../../platform/clock.js';
import { isIsoDate } from '../../loan/domain/calendar.js';
import { InvalidLoanInput } from '../../loan/domain/loan.errors.js';
import type { Actor } from '../../loan/domain/loan.types.js';
import { CollectionReminders } from './collection-reminders.js';
import { AutoDebitPresentations, type AutoDebitStepResult } from '../../loan/application/auto-debit-presentations.port.js';
import { LOADED_LOAN_COLUMNS, LoanCommandExecutor, loadedLoanOf, type LoadedLoan } from '../../loan/application/loan-command-executor.js';
import { collectionTermsOf, nextCloseOfBusinessOn } from '../domain/next-close-of-business.js';
import {
  BUSINESS_DAYS_STREAM,
  BusinessDayClose,
  type BusinessDayClosed,
  type CloseOfBusinessResult,
} from '../../public/close-of-business.port.js';
import { EVENT_STORE, type EventStore } from '../../../platform/event-store/event-store.port.js';
import { addDays } from '../../loan/domain/calendar.js';

export type { CloseOfBusinessResult };

/**
 * What one chunk of a run did: loans read and decided, how many of them had something recorded (aged), events
 * appended, loans whose classification changed, and penal charges applied.
 */
export type Aged = {
  loansVisited: number;
  eventsAppended: number;
  loansAged: number;
  reclassified: number;
  penaltiesApplied: number;
  /** Where the chunk spent its time (seconds): the loans' rows read, decided, appended, projected. */
  seconds: ChunkPhases;
};

/** Seconds spent in each phase of close of business (CloseOfBusiness.phases; the reminders step is per run). */
export type CloseOfBusinessPhases = { read: number; decide: number; append: number; project: number; reminders: number };

/** A chunk's phases: all but the reminders step. */
export type ChunkPhases = Omit<CloseOfBusinessPhases, 'reminders'>;

/** Who appends COB's events when no staff member asked for the run (the CLI, the nightly job). */
export const CLOSE_OF_BUSINESS_ACTOR: Actor = { id: 'system:close-of-business', role: 'staff' };

/** Loans per page of a run: one page is one chunk of work (and, with BullMQ, one job). */
export const CLOSE_OF_BUSINESS_CHUNK = 500;

/** Pages of a run aged at once: one decided in Node while the one before is appended in PostgreSQL. */
export const CLOSE_OF_BUSINESS_PAGES_IN_FLIGHT = 2;

type DueRow = Parameters<typeof loadedLoanOf>[0] & { id: string; next_cob_on: string | null };

/**
 * Close of business over the book: every active loan (and every closed one still classified past due) is aged
 * through the date. Only the loans whose next close of business has come are read (`next_cob_on`, migration 0023),
 * page by page of loan ids with their states (one query a page), decided in a batch and appended in one appendBatch
 * (one transaction a page, each loan's expected version checked on its own stream). A run for a date already closed
 * appends nothing, so a run cut short is simply run again.
 */
@Injectable()
export class CloseOfBusiness implements BusinessDayClose {
  /**
   * Close of business's phases in this process since it started, in seconds (the bench reads them): the loans' rows
   * read, decided (and their read-model rows built), appended (statements and commit), projected (the inline
   * projections in the append's transaction), and the reminders step.
   */
  readonly phases: CloseOfBusinessPhases = { read: 0, decide: 0, append: 0, project: 0, reminders: 0 };

  constructor(
    private readonly executor: LoanCommandExecutor,
    @Inject(DB) private readonly db: Db,
    @Inject(BUSINESS_DATE) private readonly businessDate: BusinessDate,
    private readonly reminders: CollectionReminders,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly autoDebit: AutoDebitPresentations,
    @Inject(EVENT_STORE) private readonly store: EventStore,
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
      presentationsDecided: 0,
      presentationsSent: 0,
    };
    await this.ageAll(date, actor, chunk, (aged) => {
      total.loansVisited += aged.loansVisited;
      total.eventsAppended += aged.eventsAppended;
    });
    await this.recordDaysClosed(date, actor);
    return { ...total, ...(await this.presentAutoDebits(date)), ...(await this.queueReminders(date)) };
  }

  /**
   * The step right after ageing every loan: a BusinessDayClosed for each date after the last one recorded through
   * `date` (only `date` the first time), in stream BUSINESS_DAYS_STREAM, with the IRAC provision rates in force
   * (table provision_rates), so that the books post the day's accrual and provisions from the log alone
   * (docs/accounting.md). A date already recorded (a run again, or a run for an earlier date) records nothing.
   */
  async recordDaysClosed(date: string, actor: Actor): Promise<number> {
    for (let attempt = 1; ; attempt += 1) {
      const recorded = await this.store.readStream(BUSINESS_DAYS_STREAM);
      const last = (recorded.at(-1)?.data as BusinessDayClosed['data'] | undefined)?.date ?? null;
      if (last !== null && last >= date) return 0;
      const rates = await this.db.selectFrom('provision_rates').select(['category', 'basis_points']).orderBy('category').execute();
      const provisionRates = Object.fromEntries(rates.map((r) => [r.category, r.basis_points]));
      const days: BusinessDayClosed[] = [];
      for (let day = last === null ? date : addDays(last, 1); day <= date; day = addDays(day, 1)) {
        days.push({ type: 'BusinessDayClosed', data: { date: day, provisionRates } });
      }
      try {
        await this.store.append(BUSINESS_DAYS_STREAM, 'business-days', days, {
          expectedVersion: recorded.length,
          metadata: { actor, commandType: 'CloseBusinessDay' },
        });
        return days.length;
      } catch (error) {
        // Two runs at once: the other recorded first; read again.
        if (!(error instanceof ConcurrencyError) || attempt >= 3) throw error;
      }
    }
  }

  /**
   * The auto-debit step after ageing (docs/mandates.md, "Presentations"): the instalments due by `date` on loans with
   * an active mandate are presented, through lending/loan's port (lending/mandates provides it). Run again for the
   * same date it presents nothing twice. The in-process run, the chunked job and the runs page all call it.
   */
  presentAutoDebits(date: string): Promise<AutoDebitStepResult> {
    return this.autoDebit.presentFor(date);
  }

  /**
   * The step after ageing: the collection reminders due on `date`, selected from the read models (not by the per-loan
   * decider), each queued once for the contact window. Both the in-process run and the chunked job run end with it.
   */
  async queueReminders(date: string): Promise<{ remindersQueued: number }> {
    const started = performance.now();
    try {
      return { remindersQueued: (await this.reminders.queueDueOn(date)).queued };
    } finally {
      this.phases.reminders += (performance.now() - started) / 1000;
    }
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
   * Ages every loan with something to record by the day end of `date`, page by page of `chunk` loans in id order (as
   * loanIdsAfter pages them): each page and its loans' states read in one query, then aged in one batch (ageRows).
   * The next page is read as soon as one is, and up to CLOSE_OF_BUSINESS_PAGES_IN_FLIGHT pages are aged at once, so
   * that one page is decided (Node) while the one before is appended (PostgreSQL). `onPage` is told each page's
   * counts as it is done. A failure stops the reading; the pages under way finish (each is its own transaction, so
   * what is recorded is whole loans) and the failure is thrown. `stopping` is asked before each page is read.
   */
  async ageAll(
    date: string,
    actor: Actor,
    chunk: number,
    onPage: (aged: Aged) => unknown,
    stopping: () => boolean = () => false,
  ): Promise<void> {
    const ageing = new Set<Promise<void>>();
    let failure: { error: unknown } | undefined;
    for (let after: string | null = null; failure === undefined;) {
      if (stopping()) {
        failure = { error: new Error('The server stopped during the run') };
        break;
      }
      const started = performance.now();
      let query = this.dueRows().where('next_cob_on', 'is not', null).where('next_cob_on', '<=', date);
      if (after !== null) query = query.where('id', '>', after);
      const rows = await query.orderBy('id').limit(chunk).execute();
      if (rows.length === 0) break;
      after = rows.at(-1)!.id;
      const page: Promise<void> = this.ageRows(rows, date, actor, (performance.now() - started) / 1000)
        .then(onPage)
        .then(
          () => undefined,
          (error: unknown) => void (failure ??= { error }),
        )
        .finally(() => ageing.delete(page));
      ageing.add(page);
      if (ageing.size >= CLOSE_OF_BUSINESS_PAGES_IN_FLIGHT) await Promise.race(ageing);
    }
    await Promise.all(ageing);
    if (failure) throw failure.error;
  }

  /**
   * Ages these loans through `date` (a chunk of a run in jobs): their rows read in one query, then aged in one batch.
   */
  async ageLoans(loanIds: readonly string[], date: string, actor: Actor): Promise<Aged> {
    const started = performance.now();
    const rows =
      loanIds.length === 0
        ? []
        : await this.dueRows()
            .where('id', 'in', [...loanIds])
            .orderBy('id')
            .execute();
    return this.ageRows(rows, date, actor, (performance.now() - started) / 1000);
  }

  private dueRows() {
    return this.db.selectFrom('loan_summaries').select([...LOADED_LOAN_COLUMNS, 'next_cob_on']);
  }

  /**
   * Ages these loans in one batch. Each is decided by the domain's own decide from its loan_summaries row (the state
   * folded at its version, written with every append) instead of a replay of its stream; every append goes in one
   * appendBatch (one transaction), each checked at the version its row was read at. A loan written meanwhile fails
   * that check alone and is decided again from its stream, on its own.
   */
  private async ageRows(rows: readonly DueRow[], date: string, actor: Actor, readSeconds: number): Promise<Aged> {
    const seconds: ChunkPhases = { read: readSeconds, decide: 0, append: 0, project: 0 };
    const aged: Aged = { loansVisited: rows.length, eventsAppended: 0, loansAged: 0, reclassified: 0, penaltiesApplied: 0, seconds };
    this.phases.read += readSeconds;
    if (rows.length === 0) return aged;
    const loaded = rows.map(loadedLoanOf);
    const timings = { decideSeconds: 0, appendSeconds: 0, projectSeconds: 0 };
    const outcomes = await this.executor.executeBatch(
      rows.map((row, i) => ({
        command: { type: 'CloseBusinessDay', data: { loanId: row.id, at: this.clock.now().toISOString(), actor, date } },
        loaded: loaded[i]!,
      })),
      timings,
      { keep: false },
    );
    Object.assign(seconds, { decide: timings.decideSeconds, append: timings.appendSeconds, project: timings.projectSeconds });
    this.phases.decide += timings.decideSeconds;
    this.phases.append += timings.appendSeconds;
    this.phases.project += timings.projectSeconds;
    const nothingToRecord: number[] = [];
    for (const [i, outcome] of outcomes.entries()) {
      const row = rows[i]!;
      if ('events' in outcome) {
        if (outcome.events.length === 0) nothingToRecord.push(i);
        countInto(aged, outcome.events);
      } else if (outcome.error instanceof ConcurrencyError) {
        // Another writer moved the loan on since its row was read: decided again from its stream, alone.
        countInto(aged, await this.ageLoan(row.id, date, actor, await this.executor.load(row.id), null));
      } else {
        throw outcome.error;
      }
    }
    await this.correctNextOn(nothingToRecord.map((i) => ({ loanId: rows[i]!.id, loaded: loaded[i]!, nextOn: rows[i]!.next_cob_on })));
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
        if (result.events.length === 0) await this.correctNextOn([{ loanId, loaded, nextOn }]);
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
   * projection computes it, and only onto the version it was computed from. One statement for the loans of a chunk.
   */
  private async correctNextOn(visits: readonly { loanId: string; loaded: LoadedLoan; nextOn: string | null }[]): Promise<void> {
    const wrong = visits.flatMap(({ loanId, loaded, nextOn }) => {
      const exact = nextCloseOfBusinessOn(loaded.state, collectionTermsOf(loaded.state));
      return exact === nextOn ? [] : [{ loanId, version: loaded.version, exact }];
    });
    if (wrong.length === 0) return;
    await sql`
      UPDATE loan_summaries AS l SET next_cob_on = w.exact
      FROM unnest(${wrong.map((w) => w.loanId)}::uuid[], ${wrong.map((w) => w.version)}::int[], ${wrong.map((w) => w.exact)}::date[])
        AS w(id, version, exact)
      WHERE l.id = w.id AND l.version = w.version`.execute(this.db);
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
