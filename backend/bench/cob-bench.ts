import type { INestApplication } from '@nestjs/common';
import { sql, type Kysely } from 'kysely';
import { ageLoansJob, CLOSE_OF_BUSINESS_ACTOR, CLOSE_OF_BUSINESS_QUEUE, CloseOfBusiness, closeOfBusinessInJobs } from '../src/lending/public/index.js';
import { addDays } from '../src/lending/domain/calendar.js';
import { BUSINESS_DATE, type BusinessDate } from '../src/platform/business-date/business-date.port.js';
import { rebuildProjections } from '../src/platform/projections/rebuild.js';
import { PlatformRegistry } from '../src/platform/registry.js';
import type { Runtime } from '../src/platform/runtime.js';
import { insertLoanEvents } from './bulk-load.js';
import type { LoanHistoryGenerator } from './loan-histories.js';
import type { Figure } from './measure.js';

export type CobBenchContext = {
  app: INestApplication;
  runtime: Runtime;
  db: Kysely<any>;
  generator: LoanHistoryGenerator;
  figures: Figure[];
  log: (line: string) => void;
  loans: number;
};

/**
 * Issue 13: close of business over `loans` active loans paid out over the last year (default products: no grace, no
 * penal charge). First the catch-up from each payout to three days ago (in process, one loan after another), then
 * one nightly run each: in process, then in BullMQ chunks with one and with two workers. The workers live in this
 * process, so a second one overlaps database waits but not CPU; separate worker processes (`npm run worker`) scale
 * further on more cores.
 */
export async function benchmarkCloseOfBusiness(ctx: CobBenchContext): Promise<void> {
  const { app, runtime, db, generator, figures, log, loans } = ctx;
  for (let done = 0; done < loans; ) {
    const n = Math.min(2_000, loans - done);
    await insertLoanEvents(db, Array.from({ length: n }, () => generator.next('active')));
    done += n;
  }
  await rebuildProjections(db, app.get(PlatformRegistry).projections);
  const active = await sql<{ n: string }>`SELECT count(*) AS n FROM loan_summaries WHERE state = 'active'`.execute(db);
  log(`  ${active.rows[0]!.n} active loans in loan_summaries`);

  const cob = app.get(CloseOfBusiness);
  const today = await app.get<BusinessDate>(BUSINESS_DATE).today();
  /** Loans aged through the date per second (the whole book), and loans read and decided per second (those with something to record). */
  const timed = async (label: string, run: () => Promise<{ loansProcessed: number; loansVisited: number; eventsAppended: number }>) => {
    const started = performance.now();
    const result = await run();
    const seconds = (performance.now() - started) / 1000;
    log(
      `  ${label}: ${result.loansProcessed} loans aged, ${result.loansVisited} read, ${result.eventsAppended} events in ${seconds.toFixed(1)} s = ` +
        `${Math.round(result.loansProcessed / seconds)} loans/s (${Math.round(result.loansVisited / seconds)} read/s)`,
    );
    return result.loansProcessed / seconds;
  };

  const catchUp = await timed(`catch-up through ${addDays(today, -3)}`, () => cob.run(CLOSE_OF_BUSINESS_ACTOR, addDays(today, -3)));
  figures.push({ name: 'cob_catch_up_loans_per_s', value: catchUp, unit: 'loans/s', note: `${loans} loans from payout (up to 13 months) to 3 days ago, in process: every loan read` });
  const inProcess = await timed(`nightly ${addDays(today, -2)}, in process`, () => cob.run(CLOSE_OF_BUSINESS_ACTOR, addDays(today, -2)));
  figures.push({ name: 'cob_loans_per_s', value: inProcess, unit: 'loans/s', note: `one nightly run over ${loans} active loans, in process: the loans aged through the date per second, of which only those with something to record are read` });

  const job = ageLoansJob(cob);
  for (const [workers, date] of [[1, addDays(today, -1)], [2, today]] as const) {
    const started = Array.from({ length: workers }, () => runtime.queue.worker(CLOSE_OF_BUSINESS_QUEUE, (j) => job.process(j), 1));
    try {
      const rate = await timed(`nightly ${date}, BullMQ chunks of 100, ${workers} worker(s)`, () =>
        closeOfBusinessInJobs(cob, runtime.queue, CLOSE_OF_BUSINESS_ACTOR, date, { chunk: 100, pollMs: 20 }),
      );
      figures.push({ name: `cob_loans_per_s_${workers}_worker${workers > 1 ? 's' : ''}`, value: rate, unit: 'loans/s', note: `BullMQ chunks of 100 loans, ${workers} in-process worker(s)` });
    } finally {
      await Promise.all(started.map((w) => w.close()));
    }
  }
}
