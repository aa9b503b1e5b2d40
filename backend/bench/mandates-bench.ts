import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { sql, type Kysely } from 'kysely';
import { MandatePresentations } from '../src/lending/mandates/application/mandate-presentations.js';
import { addDays } from '../src/lending/loan/domain/calendar.js';
import type { LoanCommand } from '../src/lending/loan/domain/loan.commands.js';
import { decide } from '../src/lending/loan/domain/loan.decide.js';
import { evolve, initialLoanState, type LoanRecord, type LoanState } from '../src/lending/loan/domain/loan.state.js';
import type { Actor } from '../src/lending/loan/domain/loan.types.js';
import { defaultProductParameters } from '../src/lending/loan/domain/terms/loan-product.js';
import { rebuildProjections } from '../src/platform/projections/rebuild.js';
import { PlatformRegistry } from '../src/platform/registry.js';
import type { ProductSettings } from '../src/platform/config/product-settings.js';
import { insertLoanEvents } from './bulk-load.js';
import { startCpuProfile } from './cpu-profile.js';
import type { GeneratedLoan, LoanHistoryGenerator } from './loan-histories.js';
import { ClonedBook, type TemplateIds } from './cloned-book.js';
import type { Figure } from './measure.js';

export type MandatesBenchContext = {
  app: INestApplication;
  db: Kysely<any>;
  generator: LoanHistoryGenerator;
  /** The rest of the book's loans (`book`), paid out after the generator's. */
  restGenerator: LoanHistoryGenerator;
  product: ProductSettings;
  figures: Figure[];
  log: (line: string) => void;
  /** Loans with an active e-NACH mandate and an instalment due by the run's date (BENCH_MANDATE_LOANS). */
  loans: number;
  /**
   * Loans in the book (BENCH_MANDATE_BOOK, at least `loans`): the others have an active mandate and nothing due by the
   * run's date, cloned inside PostgreSQL (ClonedBook).
   */
  book?: number;
};

const BENCH_ACTOR: Actor = { id: 'system:bench', role: 'staff' };

/** The loan as its generated history leaves it. */
function folded(loan: GeneratedLoan): LoanRecord {
  let state: LoanState = initialLoanState;
  for (const step of loan.steps) state = evolve(state, step.event);
  return state as LoanRecord;
}

/**
 * Appends to a generated loan's history (`record`: the loan it leaves) an e-NACH mandate started and registered just
 * after its payout (a stream's times never go back: the log is written in time order), valid and active from `from`.
 */
function withMandate(ctx: MandatesBenchContext, loan: GeneratedLoan, record: LoanRecord, from: string, providerReference: string): void {
  let state: LoanState = record;
  const params = defaultProductParameters(ctx.product, record.loanType);
  const mandateId = randomUUID();
  const at = new Date(Date.parse(loan.steps.at(-1)!.event.data.at) + 60_000).toISOString();
  const actor = BENCH_ACTOR;
  const commands: LoanCommand[] = [
    {
      type: 'StartMandateRegistration',
      data: {
        loanId: loan.loanId,
        at,
        actor,
        mandateId,
        kind: 'e-nach',
        maxAmount: record.amount * 2,
        frequency: 'monthly',
        validFrom: from,
        validUntil: addDays(from, 3 * 365),
        provider: 'sandbox',
        businessDate: from,
      },
    },
    {
      type: 'RecordMandateRegistration',
      data: { loanId: loan.loanId, at, actor, mandateId, outcome: 'registered', providerReference, businessDate: from },
    },
  ];
  for (const command of commands) {
    const [event] = decide(command, state, params);
    state = evolve(state, event!);
    loan.steps.push({ event: event!, commandType: command.type, actor });
  }
}

/** A template's ids for ClonedBook: the loan's, and every other id a copy must not share (payments, the mandate). */
function templateIds(loan: GeneratedLoan): TemplateIds {
  const ids = new Set<string>();
  for (const { event } of loan.steps) {
    const data = event.data as Record<string, unknown>;
    for (const key of ['paymentId', 'mandateId']) if (typeof data[key] === 'string') ids.add(data[key]);
  }
  return { loanId: loan.loanId, paymentIds: [...ids] };
}

/**
 * Issue 32 item 7: "presenting the instalments due on a day in a 1,000,000-loan book adds at most 30 s to close of
 * business". Monthly instalments spread over the month put about 1,000,000 / 30 = 33,334 due on a day, so the goal is
 * 33,334 / 30 s = 1,111 loans/s.
 */
export const MANDATES_GOAL_LOANS_PER_S = 1_000_000 / 30 / 30;

/** Read models the presentation step reads (and the inline ones it writes). */
const MANDATE_PROJECTIONS = ['loan-summaries', 'loan-servicing', 'mandates', 'mandate-presentations', 'mandate-manual-collections'];

/**
 * `BENCH_ONLY=mandates`: a book of `loans` active loans (the generator's, paid out), each with an active e-NACH mandate
 * registered on its payout day (events decided by the domain, written straight into the log, read models rebuilt),
 * then close of business's auto-debit step for the date by which every loan's first instalment is due: its decide
 * half (the set-based selection, decisions in batches, appends in one transaction a page) and its send half (the
 * sandbox provider, the acceptances appended in batches), timed apart: by default close of business's path `run`
 * (each page decided, written ahead, sent and recorded with the provider's acceptances, one append a loan; its send
 * half finds nothing left), or with BENCH_MANDATE_PATH=two-step the older `decide` then `send` (two appends a loan). Prints a JSON line with loans/s and the ratio
 * to MANDATES_GOAL_LOANS_PER_S. `BENCH_CPU_PROFILE=<folder>` writes a CPU profile of the two halves.
 */
export async function benchmarkMandates(ctx: MandatesBenchContext): Promise<void> {
  const { db, log } = ctx;
  const loans: GeneratedLoan[] = [];
  let date = '0000-01-01';
  for (let i = 0; i < ctx.loans; i += 1) {
    const loan = ctx.generator.next('active');
    const record = folded(loan);
    const { disbursedOn, firstDueDate } = record.servicing!.terms;
    if (firstDueDate > date) date = firstDueDate;
    withMandate(ctx, loan, record, disbursedOn, `UMRN${i}`);
    loans.push(loan);
  }
  const book = Math.max(ctx.book ?? ctx.loans, ctx.loans);
  // The rest of the book: loans paid out more recently, each with an active mandate from its payout, whose instalments
  // all fall due after the run's date (none of them is the run's work, but their rows are in every table and index the
  // step reads and writes), cloned inside PostgreSQL from up to 1,000 of them.
  const rest: GeneratedLoan[] = [];
  while (rest.length < Math.min(1_000, book - ctx.loans)) {
    const loan = ctx.restGenerator.next('active');
    const record = folded(loan);
    const { disbursedOn, firstDueDate } = record.servicing!.terms;
    if (firstDueDate <= date) continue;
    withMandate(ctx, loan, record, disbursedOn, `UMRNB${rest.length}`);
    rest.push(loan);
  }
  const events = await insertLoanEvents(db, [...loans, ...rest]);
  const registry = ctx.app.get(PlatformRegistry);
  const projections = registry.projections.filter((p) => MANDATE_PROJECTIONS.includes(p.name));
  if (rest.length === 0) await rebuildProjections(db, projections);
  else {
    const started = performance.now();
    const cloned = await ClonedBook.prepare(db, projections, rest.map(templateIds));
    for (let written = rest.length; written < book - ctx.loans;) {
      const to = Math.min(book - ctx.loans, written + 5_000);
      await cloned.write(written, to);
      written = to;
    }
    await cloned.finish();
    log(
      `Cloned the rest of the book: ${book - ctx.loans} loans with an active mandate and nothing due by ${date} in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
  }
  await sql`ANALYZE`.execute(db);
  log(`Wrote ${ctx.loans} loans with an active e-NACH mandate (${events} events) in a book of ${book}; presenting what is due by ${date}`);

  const step = ctx.app.get(MandatePresentations);
  const before = { ...step.phases };
  const selectStarted = performance.now();
  const due = await step.dueLoanIds(date);
  const selectSeconds = (performance.now() - selectStarted) / 1000;
  const profile = await startCpuProfile();
  // By default close of business's path: each page decided, written ahead, sent and recorded with its acceptances (one
  // append a loan); BENCH_MANDATE_PATH=two-step: the decisions recorded first, then sent and their acceptances recorded.
  const twoStep = process.env.BENCH_MANDATE_PATH === 'two-step';
  const started = performance.now();
  const decided = twoStep ? { ...(await step.decide(date)), sent: 0 } : await step.runOn(date);
  const decideSeconds = (performance.now() - started) / 1000;
  const sendStarted = performance.now();
  const sent = decided.sent + (await step.send());
  const sendSeconds = (performance.now() - sendStarted) / 1000;
  await profile?.stop('mandate-presentations', log);
  const seconds = decideSeconds + sendSeconds;
  const rate = decided.loansVisited / seconds;
  const phases = Object.fromEntries(
    Object.entries(step.phases).map(([phase, spent]) => [phase, Number((spent - before[phase as keyof typeof before]).toFixed(2))]),
  );
  const again = performance.now();
  const repeat = await step.decide(date);
  const repeatSeconds = (performance.now() - again) / 1000;
  if (decided.failedLoans > 0 || repeat.decisions > 0 || due.length !== ctx.loans || sent !== decided.decisions)
    throw new Error(
      `mandates bench: ${due.length} of ${ctx.loans} loans selected, ${decided.failedLoans} failed, ${repeat.decisions} decided again, ${sent} of ${decided.decisions} sent`,
    );
  const line = {
    name: 'auto-debit presentations at close of business',
    path: twoStep ? 'two-step' : 'one append a loan',
    book,
    loans: decided.loansVisited,
    presentations: decided.decisions,
    sent,
    selectSeconds: Number(selectSeconds.toFixed(3)),
    decideSeconds: Number(decideSeconds.toFixed(2)),
    sendSeconds: Number(sendSeconds.toFixed(2)),
    loansPerSecond: Math.round(rate),
    goalLoansPerSecond: Math.round(MANDATES_GOAL_LOANS_PER_S),
    ratioToGoal: Number((rate / MANDATES_GOAL_LOANS_PER_S).toFixed(2)),
    msPerLoan: Number(((1000 * seconds) / decided.loansVisited).toFixed(3)),
    repeatRunSeconds: Number(repeatSeconds.toFixed(2)),
    phaseSeconds: phases,
  };
  process.stdout.write(`${JSON.stringify(line)}\n`);
  log(
    `Presented ${decided.decisions} instalments of ${decided.loansVisited} loans: selection ${selectSeconds.toFixed(2)} s, decide ${decideSeconds.toFixed(1)} s, send ${sendSeconds.toFixed(1)} s (${JSON.stringify(phases)}); ${Math.round(rate)} loans/s (goal ${Math.round(MANDATES_GOAL_LOANS_PER_S)}/s); run again, ${repeatSeconds.toFixed(2)} s`,
  );
  ctx.figures.push({
    name: 'Auto-debit presentations at close of business (decide + send)',
    value: rate,
    unit: 'loans/s',
    note: `${decided.loansVisited} loans with an active mandate, ${decided.decisions} instalments presented; decide ${decideSeconds.toFixed(1)} s, send ${sendSeconds.toFixed(1)} s`,
  });
  ctx.figures.push({
    name: 'Auto-debit presentations: ratio to 1,111 loans/s (30 s for the 33,334 due on a day of a 1,000,000-loan book)',
    value: rate / MANDATES_GOAL_LOANS_PER_S,
    unit: 'x',
    goal: '>= 1.0',
  });
}
