import type { ChildProcess } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import type { INestApplication } from '@nestjs/common';
import { sql, type Kysely } from 'kysely';
import {
  CLOSE_OF_BUSINESS_ACTOR,
  CloseOfBusiness,
  type CloseOfBusinessPhases,
} from '../src/lending/collections/application/close-of-business.js';
import { closeOfBusinessInJobs } from '../src/lending/collections/jobs/close-of-business.job.js';
import { addDays } from '../src/lending/loan/domain/calendar.js';
import { BUSINESS_DATE, type BusinessDate } from '../src/platform/business-date/business-date.port.js';
import type { Projection } from '../src/platform/projections/projection.js';
import { verifyProjections } from '../src/platform/projections/verify.js';
import { PlatformRegistry } from '../src/platform/registry.js';
import type { Runtime } from '../src/platform/runtime.js';
import { AgedTemplate, BookAger } from './aged-book.js';
import { forkBenchScript, stopBenchScript } from './child-process.js';
import { insertEventRows } from './bulk-load.js';
import { ClonedBook, cobProjections } from './cloned-book.js';
import { perLoanCloseOfBusiness } from './cob-per-loan-peer.js';
import { startCpuProfile } from './cpu-profile.js';
import type { LoanHistoryGenerator } from './loan-histories.js';
import { seededRandom, type Figure } from './measure.js';

export type CobBenchContext = {
  app: INestApplication;
  runtime: Runtime;
  db: Kysely<any>;
  /** Makes the loans up to their payout; its products carry grace days and a penal charge (run-benchmarks.ts). */
  generator: LoanHistoryGenerator;
  staffIds: readonly string[];
  borrowerIds: readonly string[];
  /** Loans generated and aged one by one; the rest of the book is copies of them with fresh ids. */
  distinct: number;
  /** Compare the written read models with a rebuild of the log before the timed runs (small books). */
  verify: boolean;
  databaseUrl: string;
  figures: Figure[];
  log: (line: string) => void;
  /** The book: active loans (and closed ones still classified past due) aged through the day before the first run. */
  loans: number;
};

/**
 * Days of the bench: the book is aged through D, then nightly runs close D+1 (the per-loan peer), D+2 (batched, in
 * process), D+3 and D+4 (in jobs), and a catch-up D+5..D+7 (today).
 */
const AGED_THROUGH_DAYS_AGO = 7;

/** Issue 30 item 5: a night over 1,000,000 loans in at most 60 s. */
const COB_GOAL_LOANS_PER_S = 1_000_000 / 60;

const PHASES = ['read', 'decide', 'append', 'project', 'reminders'] as const;

/** Seconds spent in each phase between two readings of the counters. */
function phaseSeconds(before: CloseOfBusinessPhases, after: CloseOfBusinessPhases): CloseOfBusinessPhases {
  return Object.fromEntries(PHASES.map((p) => [p, after[p] - before[p]])) as CloseOfBusinessPhases;
}

/**
 * "read 1.2 s (10 %), decide …": each phase's seconds and share of all the phases' seconds, which overlap (two pages
 * in flight, or two worker processes) and so may add up to more than the wall time.
 */
function describePhases(spent: CloseOfBusinessPhases, wall: number): string {
  const summed = PHASES.reduce((sum, p) => sum + spent[p], 0);
  return `${PHASES.map((p) => `${p} ${spent[p].toFixed(1)} s (${Math.round((100 * spent[p]) / summed)} %)`).join(', ')}; ${summed.toFixed(1)} s in all, ${wall.toFixed(1)} s of wall time`;
}

const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' / ');

/**
 * Issue 13: close of business over a book of `loans` loans, written already aged. The loans are generated paid out
 * over the last eight months, each borrower with a repayment habit (on time, late, stopped, partly paid), and aged
 * in memory by the pure decider through the day before the first measured date (aged-book.ts): the log holds exactly
 * what the nightly runs would have written. `distinct` loans are decided; the rest of the book is cloned from them
 * inside PostgreSQL with their read models (cloned-book.ts), and a small book is verified against a rebuild of the
 * log (projections:verify's comparison). Then one nightly run each, timed: in process, in BullMQ chunks with one worker
 * process, with two worker processes (bench/cob-worker.ts), and a catch-up of three missed days in process.
 * `cob_loans_per_s` is the book divided by the wall time; loans read are those whose next close of business came.
 */
export async function benchmarkCloseOfBusiness(ctx: CobBenchContext): Promise<void> {
  const { app, runtime, db, figures, log } = ctx;
  const today = await app.get<BusinessDate>(BUSINESS_DATE).today();
  const through = addDays(today, -AGED_THROUGH_DAYS_AGO);
  const projections = cobProjections(app.get(PlatformRegistry).projections);
  await writeAgedBook(ctx, through, projections);
  if (ctx.verify) {
    // The cloned read models are what a rebuild from the log writes, row for row (projections:verify's comparison).
    const verifyStarted = performance.now();
    const report = await verifyProjections(db, projections);
    if (report.differences.length > 0)
      throw new Error(`cloned book: the read models differ from a rebuild of the log: ${JSON.stringify(report.differences)}`);
    log(
      `  verified: ${report.tables.join(', ')} equal a rebuild of the log's ${report.events} events (${((performance.now() - verifyStarted) / 1000).toFixed(1)} s)`,
    );
  }
  const classes = await sql<{ state: string; classification: string; n: string; due: string }>`
    SELECT state, classification, count(*) AS n, count(*) FILTER (WHERE next_cob_on <= ${addDays(through, 1)}) AS due
    FROM loan_summaries WHERE state IN ('active', 'closed') GROUP BY 1, 2 ORDER BY 1, 2`.execute(db);
  for (const row of classes.rows)
    log(`    ${row.state} ${row.classification}: ${row.n} (${row.due} with something to record on ${addDays(through, 1)})`);

  const cob = app.get(CloseOfBusiness);
  const book = await cob.bookSize();
  log(`  book: ${book} loans aged through ${through}`);

  // The reminders step of each run (the same in process and in jobs), timed on its own.
  const reminders = { queued: 0, seconds: 0 };
  const queueReminders = cob.queueReminders.bind(cob);
  cob.queueReminders = async (date: string) => {
    const started = performance.now();
    const result = await queueReminders(date);
    reminders.seconds += (performance.now() - started) / 1000;
    reminders.queued += result.remindersQueued;
    return result;
  };

  const timed = async (
    name: string,
    label: string,
    run: () => Promise<{ loansProcessed: number; loansVisited: number; eventsAppended: number; remindersQueued: number }>,
    phasesOf?: () => CloseOfBusinessPhases,
  ) => {
    reminders.queued = 0;
    reminders.seconds = 0;
    const before = load();
    const phasesBefore = phasesOf?.();
    const updatesBefore = await rowUpdates(db);
    const started = performance.now();
    const result = await run();
    const seconds = (performance.now() - started) / 1000;
    const updates = await rowUpdates(db, updatesBefore);
    const rate = result.loansProcessed / seconds;
    const spent = phasesBefore && phasesOf ? phaseSeconds(phasesBefore, phasesOf()) : undefined;
    const note =
      `${label}: ${result.loansProcessed} loans aged, ${result.loansVisited} read (${Math.round(result.loansVisited / seconds)}/s), ${result.eventsAppended} events, ` +
      `${result.remindersQueued} reminders queued in ${reminders.seconds.toFixed(1)} s; ${seconds.toFixed(1)} s` +
      `${spent ? `; phases ${describePhases(spent, seconds)}` : ''}; load ${before} -> ${load()}; ` +
      `loan_summaries rows updated ${updates.all}, ${updates.hot} of them HOT (no index entry)`;
    log(`  ${name} = ${Math.round(rate)} loans/s (${note})`);
    figures.push({ name, value: rate, unit: 'loans/s', note });
    if (updates.all > 0)
      figures.push({
        name: name.replace('loans_per_s', 'hot_update_share'),
        value: updates.hot / updates.all,
        unit: 'share',
        note: `${label}: loan_summaries row updates that were HOT (${updates.hot} of ${updates.all}): no new entry in any of its indexes`,
      });
    figures.push({
      name: name.replace('loans_per_s', 'loans_read_per_s'),
      value: result.loansVisited / seconds,
      unit: 'loans/s',
      note: `${label}: loans with something to record, read and decided`,
    });
    const runKind = name.slice(name.indexOf('loans_per_s') + 'loans_per_s'.length);
    const reminderFigure = `${name.startsWith('cob_catch_up') ? 'cob_catch_up_' : 'cob_'}reminders_queued_per_s${runKind}`;
    if (result.remindersQueued > 0 && !name.includes('peer'))
      figures.push({
        name: reminderFigure,
        value: result.remindersQueued / reminders.seconds,
        unit: 'reminders/s',
        note: `${label}: the reminders step`,
      });
    return { rate, readRate: result.loansVisited / seconds, seconds, spent };
  };

  const logBefore = await lastPosition(db);
  // The peer: close of business as it ran before issue 30 (each loan its own append), then its reminders step.
  const peerDate = addDays(through, 1);
  const peer = await timed('cob_per_loan_peer_loans_per_s', `nightly ${peerDate}, in process, one append per loan (the peer)`, async () => {
    const aged = await perLoanCloseOfBusiness(app, db, peerDate);
    return { loansProcessed: book, ...aged, ...(await cob.queueReminders(peerDate)) };
  });
  const nightlyDate = addDays(through, 2);
  const profile = await startCpuProfile();
  const nightly = await timed(
    'cob_loans_per_s',
    `nightly ${nightlyDate}, in process, batched`,
    () => cob.run(CLOSE_OF_BUSINESS_ACTOR, nightlyDate),
    () => ({ ...cob.phases }),
  );
  await profile?.stop('cob-nightly-batched', log);
  figures.push({
    name: 'cob_loans_per_s_vs_goal',
    value: nightly.rate / COB_GOAL_LOANS_PER_S,
    unit: 'ratio',
    note: `goal >= 1.0 (a night over 1,000,000 loans in 60 s: ${COB_GOAL_LOANS_PER_S.toLocaleString('en')} loans/s; this book: ${book.toLocaleString('en')} loans)`,
  });
  figures.push({
    name: 'cob_loans_read_per_s_vs_per_loan_peer',
    value: nightly.readRate / peer.readRate,
    unit: 'ratio',
    note: `loans read and decided per second, batched (${nightlyDate}) / one append per loan (${peerDate}), same run`,
  });
  const summed = PHASES.reduce((sum, phase) => sum + nightly.spent![phase], 0);
  for (const phase of PHASES)
    figures.push({
      name: `cob_phase_share_${phase}`,
      value: nightly.spent![phase] / summed,
      unit: 'share of the phases',
      note: `nightly ${nightlyDate} in process: ${nightly.spent![phase].toFixed(1)} s of the phases' ${summed.toFixed(1)} s (two pages in flight overlap: wall ${nightly.seconds.toFixed(1)} s)`,
    });
  for (const [workers, date] of [
    [1, addDays(through, 3)],
    [2, addDays(through, 4)],
  ] as const) {
    const processes = await startWorkers(ctx, workers);
    try {
      // The chunks' phases are spent in the worker processes (each job answers its own); the reminders here.
      const inJobs: CloseOfBusinessPhases = { read: 0, decide: 0, append: 0, project: 0, reminders: 0 };
      await timed(
        `cob_loans_per_s_${workers}_worker${workers > 1 ? 's' : ''}`,
        `nightly ${date}, BullMQ chunks of 500, ${workers} worker process(es)`,
        () => closeOfBusinessInJobs(cob, runtime.queue, CLOSE_OF_BUSINESS_ACTOR, date, { pollMs: 20, phases: inJobs }),
        () => ({ ...inJobs, reminders: cob.phases.reminders }),
      );
    } finally {
      await stopWorkers(processes);
    }
  }
  await timed(
    'cob_catch_up_loans_per_s',
    `catch-up of 3 missed days ${addDays(through, 5)}..${today}, in process`,
    () => cob.run(CLOSE_OF_BUSINESS_ACTOR, today),
    () => ({ ...cob.phases }),
  );
  const out = process.env.BENCH_COB_EVENTS_OUT?.trim();
  if (out) log(`  ${await writeCobEvents(db, logBefore, out)} loans' close of business events written to ${out}`);
}

/**
 * loan_summaries' row updates and HOT ones, from PostgreSQL's statistics (a backend reports its counts within about a
 * second of its last transaction: read after waiting that long); minus `since`, when given.
 */
async function rowUpdates(db: Kysely<any>, since = { all: 0, hot: 0 }): Promise<{ all: number; hot: number }> {
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const { rows } = await sql<{ all: string; hot: string }>`
    SELECT n_tup_upd AS all, n_tup_hot_upd AS hot FROM pg_stat_user_tables WHERE relid = 'loan_summaries'::regclass`.execute(db);
  return { all: Number(rows[0]?.all ?? 0) - since.all, hot: Number(rows[0]?.hot ?? 0) - since.hot };
}

const lastPosition = async (db: Kysely<any>) =>
  Number((await sql<{ p: string }>`SELECT coalesce(max(global_position), 0) AS p FROM events`.execute(db)).rows[0]!.p);

/**
 * BENCH_COB_EVENTS_OUT=<file>: what the timed runs appended, to compare two versions of close of business over the
 * same book (a BENCH_QUICK book is the same from run to run but for its ids): one line per loan, its close of business events
 * after `after` as (version, type, data without the loan id and time), the lines sorted. Two versions that write the
 * same events write the same file.
 */
async function writeCobEvents(db: Kysely<any>, after: number, file: string): Promise<number> {
  const rows = await sql<{ line: string }>`
    SELECT string_agg(version || ' ' || type || ' ' || (data - 'loanId' - 'at')::text, ' | ' ORDER BY version) AS line
    FROM events WHERE global_position > ${after}
      AND type IN ('InstalmentFellDue', 'InstalmentWentOverdue', 'PenalChargeApplied', 'LoanClassificationChanged')
    GROUP BY stream_id ORDER BY 1`.execute(db);
  await writeFile(file, rows.rows.map((r) => r.line).join('\n') + '\n');
  return rows.rows.length;
}

/**
 * Writes the book: `distinct` loans generated and aged by the decider (aged-book.ts), of those COB reads (active, or
 * closed but still classified past due; the loans paid off on the way are dropped, COB never reads them), written to
 * the log as they are; the read models COB reads are built from them by the projections' own rebuild; then the
 * rest of the book is cloned from them inside PostgreSQL (ClonedBook), 5,000 loans a transaction.
 */
async function writeAgedBook(ctx: CobBenchContext, through: string, projections: Projection[]): Promise<void> {
  const { db, generator, log, loans, staffIds, distinct } = ctx;
  const ager = new BookAger(seededRandom(13), staffIds);
  const started = performance.now();
  const templates: AgedTemplate[] = [];
  let generated = 0;
  while (templates.length < Math.min(distinct, loans)) {
    const template = new AgedTemplate(ager.age(generator.next('active'), through));
    generated += 1;
    if (template.inBook) templates.push(template);
  }
  const decided = (performance.now() - started) / 1000;
  log(
    `  ${templates.length} distinct loans aged through ${through} by the decider (${generated - templates.length} paid off on the way, dropped) in ${decided.toFixed(0)} s (load ${load()})`,
  );
  let events = 0;
  for (let i = 0; i < templates.length; i += 500)
    events += await insertEventRows(
      db,
      templates.slice(i, i + 500).flatMap((t) => t.ownRows()),
      4000,
      false,
    );
  const book = await ClonedBook.prepare(
    db,
    projections,
    templates.map((t) => t.ids()),
  );
  const prepared = (performance.now() - started) / 1000;
  log(`  templates written (${events} events) and their read models built in ${(prepared - decided).toFixed(1)} s (load ${load()})`);
  const chunk = 5_000;
  let nextReport = loans / 10;
  for (let written = templates.length; written < loans;) {
    const to = Math.min(loans, written + chunk);
    events += await book.write(written, to);
    written = to;
    if (written >= nextReport) {
      log(`    ${written} of ${loans} loans (${events} events) in ${((performance.now() - started) / 1000).toFixed(0)} s, load ${load()}`);
      nextReport += loans / 10;
    }
  }
  const finishing = performance.now();
  await book.finish();
  book.seconds['indexes and ANALYZE'] = (performance.now() - finishing) / 1000;
  if (loans > templates.length)
    log(
      `    cloning, seconds per table: ${Object.entries(book.seconds)
        .map(([table, s]) => `${table} ${s.toFixed(1)}`)
        .join(', ')}`,
    );
  const seconds = (performance.now() - started) / 1000;
  const cloned = seconds - prepared;
  const size = await sql<{ mb: string }>`SELECT round(pg_database_size(current_database()) / 1048576.0) AS mb`.execute(db);
  log(
    `  aged book written: ${loans} loans, ${events} events in ${seconds.toFixed(0)} s ` +
      `(cloning ${loans - templates.length} loans: ${cloned.toFixed(1)} s, ${Math.round((loans - templates.length) / Math.max(cloned, 0.001))} loans/s; database ${size.rows[0]!.mb} MB; load ${load()})`,
  );
}

/** Forks `count` worker processes (bench/cob-worker.ts) on the bench's database and queues; resolves when each is ready. */
async function startWorkers(ctx: CobBenchContext, count: number): Promise<ChildProcess[]> {
  const env = { BENCH_DATABASE_URL: ctx.databaseUrl, BENCH_QUEUE_PREFIX: ctx.runtime.keyPrefix };
  const started = await Promise.all(
    Array.from({ length: count }, () => forkBenchScript('./cob-worker.js', env, (m) => (m === 'ready' ? true : undefined))),
  );
  return started.map((s) => s.child);
}

async function stopWorkers(children: readonly ChildProcess[]): Promise<void> {
  await Promise.all(children.map(stopBenchScript));
}
