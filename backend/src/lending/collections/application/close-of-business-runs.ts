import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { BUSINESS_DATE, type BusinessDate } from '../../../platform/business-date/business-date.port.js';
import { DB, type Db } from '../../../platform/database/database.js';
import type { CloseOfBusinessRunsTable } from '../../../platform/database/schema.js';
import { CLOCK, type Clock } from '../../../platform/clock.js';
import { countOf, inRange } from '../../../platform/query/list-query.js';
import type { Selectable } from 'kysely';
import { addDays } from '../../loan/domain/calendar.js';
import { CloseOfBusinessIsNightly, CloseOfBusinessRunning, CloseOfBusinessRunNotFound } from '../domain/close-of-business-run.errors.js';
import type { Actor } from '../../loan/domain/loan.types.js';
import { CLOSE_OF_BUSINESS_CHUNK, CloseOfBusiness } from './close-of-business.js';

/** A run not heard from for this long was cut short (its process stopped): it no longer blocks a new one. */
export const ABANDONED_AFTER_MS = 5 * 60_000;

/** A close of business run from the console, as the API answers it (docs/collections.md). */
export type CloseOfBusinessRun = {
  id: string;
  /** The day closed: the day before the business date. */
  date: string;
  businessDate: string;
  status: 'running' | 'completed' | 'failed';
  requestedBy: string;
  startedAt: string;
  finishedAt: string | null;
  /** Loans with something to record by the day end of `date` when the run started. */
  loansToVisit: number;
  loansVisited: number;
  /** Loans that had something recorded (fell due, went overdue, charged, reclassified). */
  loansAged: number;
  eventsAppended: number;
  reclassified: number;
  penaltiesApplied: number;
  remindersQueued: number;
  /** The auto-debit step after ageing: instalments decided (presented, notified or sent to collectors) and presentations sent. */
  presentationsDecided: number;
  presentationsSent: number;
  failure: string | null;
};

type RunRow = Selectable<CloseOfBusinessRunsTable>;

/**
 * Close of business run from the console (issue 27 item 4), in manual business date mode: it closes every day through
 * the one before the business date (the last day that has ended, as the nightly run does; Apache Fineract's COB date),
 * with the same paging and per-loan decider as the API and the nightly job (`CloseOfBusiness`), so a second run for
 * the same date appends nothing. The run goes on after the answer; its progress and summary are kept in
 * `close_of_business_runs`, one row a run, at most one `running` at a time (a unique index), so concurrent clicks
 * start one run and the others are told which run is going.
 */
@Injectable()
export class CloseOfBusinessRuns implements OnModuleDestroy {
  private readonly logger = new Logger(CloseOfBusinessRuns.name);
  /** The runs this process is executing (so shutdown and tests can wait for them). */
  private readonly inFlight = new Set<Promise<void>>();
  /** Set at shutdown: a run stops between pages and is marked failed, to be run again (nothing is recorded twice). */
  private stopping = false;

  constructor(
    private readonly closeOfBusiness: CloseOfBusiness,
    @Inject(DB) private readonly db: Db,
    @Inject(BUSINESS_DATE) private readonly businessDate: BusinessDate,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async start(actor: Actor, chunk = CLOSE_OF_BUSINESS_CHUNK): Promise<CloseOfBusinessRun> {
    const status = await this.businessDate.status();
    if (status.mode !== 'manual') throw new CloseOfBusinessIsNightly(status.timeZone);
    const date = addDays(status.date, -1);
    await this.abandonStale();
    const id = randomUUID();
    const now = this.clock.now();
    try {
      await this.db
        .insertInto('close_of_business_runs')
        .values({
          id,
          date,
          business_date: status.date,
          status: 'running',
          requested_by: actor.id,
          started_at: now,
          heartbeat_at: now,
          loans_to_visit: await this.loansToVisit(date),
          failure: null,
        })
        .execute();
    } catch (error) {
      if ((error as { code?: string }).code !== '23505') throw error;
      const running = await this.db
        .selectFrom('close_of_business_runs')
        .select(['id', 'date'])
        .where('status', '=', 'running')
        .executeTakeFirst();
      throw new CloseOfBusinessRunning(running?.id ?? null, running?.date ?? null);
    }
    const work = this.execute(id, date, actor, chunk).finally(() => this.inFlight.delete(work));
    this.inFlight.add(work);
    return this.get(id);
  }

  async get(id: string): Promise<CloseOfBusinessRun> {
    const row = await this.db.selectFrom('close_of_business_runs').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw new CloseOfBusinessRunNotFound(id);
    return view(row);
  }

  /** The latest runs, newest first. */
  async list(range: { start: number; end: number }): Promise<{ rows: CloseOfBusinessRun[]; total: number }> {
    const runs = this.db.selectFrom('close_of_business_runs');
    const [rows, total] = await Promise.all([
      runs.selectAll().orderBy('started_at', 'desc').orderBy('id').$call(inRange(range)).execute(),
      countOf(this.db, runs),
    ]);
    return { rows: rows.map(view), total };
  }

  /** Resolves when the runs this process started have finished. */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.inFlight]);
  }

  async onModuleDestroy(): Promise<void> {
    this.stopping = true;
    await this.settled();
  }

  private loansToVisit(date: string): Promise<number> {
    return this.db
      .selectFrom('loan_summaries')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('next_cob_on', 'is not', null)
      .where('next_cob_on', '<=', date)
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.n));
  }

  /** A `running` row whose process stopped (no word for ABANDONED_AFTER_MS) is marked failed, so it blocks nothing. */
  private async abandonStale(): Promise<void> {
    const now = this.clock.now();
    await this.db
      .updateTable('close_of_business_runs')
      .set({
        status: 'failed',
        finished_at: now,
        failure: 'Stopped before it finished (the process running it ended); run it again: nothing is recorded twice.',
      })
      .where('status', '=', 'running')
      .where('heartbeat_at', '<', new Date(now.getTime() - ABANDONED_AFTER_MS))
      .execute();
  }

  private async execute(id: string, date: string, actor: Actor, chunk: number): Promise<void> {
    try {
      await this.closeOfBusiness.ageAll(
        date,
        actor,
        chunk,
        (aged) =>
          this.db
            .updateTable('close_of_business_runs')
            .set((eb) => ({
              loans_visited: eb('loans_visited', '+', aged.loansVisited),
              loans_aged: eb('loans_aged', '+', aged.loansAged),
              events_appended: eb('events_appended', '+', aged.eventsAppended),
              reclassified: eb('reclassified', '+', aged.reclassified),
              penalties_applied: eb('penalties_applied', '+', aged.penaltiesApplied),
              heartbeat_at: this.clock.now(),
            }))
            .where('id', '=', id)
            .execute(),
        () => this.stopping,
      );
      await this.closeOfBusiness.recordDaysClosed(date, actor);
      const { presentationsDecided, presentationsSent } = await this.closeOfBusiness.presentAutoDebits(date);
      const { remindersQueued } = await this.closeOfBusiness.queueReminders(date);
      const finished = this.clock.now();
      await this.db
        .updateTable('close_of_business_runs')
        .set({
          status: 'completed',
          presentations_decided: presentationsDecided,
          presentations_sent: presentationsSent,
          reminders_queued: remindersQueued,
          finished_at: finished,
          heartbeat_at: finished,
        })
        .where('id', '=', id)
        .execute();
    } catch (error) {
      this.logger.error(`Close of business run ${id} for ${date} failed: ${(error as Error).message}`);
      await this.db
        .updateTable('close_of_business_runs')
        .set({
          status: 'failed',
          finished_at: this.clock.now(),
          failure: `${(error as Error).message}. Run it again: what was recorded stays, nothing is recorded twice.`,
        })
        .where('id', '=', id)
        .execute()
        .catch(() => undefined);
    }
  }
}

function view(row: RunRow): CloseOfBusinessRun {
  const iso = (value: Date | null) => (value === null ? null : new Date(value).toISOString());
  return {
    id: row.id,
    date: row.date,
    businessDate: row.business_date,
    status: row.status,
    requestedBy: row.requested_by,
    startedAt: new Date(row.started_at).toISOString(),
    finishedAt: iso(row.finished_at),
    loansToVisit: row.loans_to_visit,
    loansVisited: row.loans_visited,
    loansAged: row.loans_aged,
    eventsAppended: row.events_appended,
    reclassified: row.reclassified,
    penaltiesApplied: row.penalties_applied,
    remindersQueued: row.reminders_queued,
    presentationsDecided: row.presentations_decided,
    presentationsSent: row.presentations_sent,
    failure: row.failure,
  };
}
