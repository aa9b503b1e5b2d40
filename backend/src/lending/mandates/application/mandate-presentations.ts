import { Inject, Injectable, Logger } from '@nestjs/common';
import { sql } from 'kysely';
import { BUSINESS_DATE, type BusinessDate } from '../../../platform/business-date/business-date.port.js';
import { CLOCK, type Clock } from '../../../platform/clock.js';
import { DB, type Db } from '../../../platform/database/database.js';
import { ConcurrencyError } from '../../../platform/event-store/event-store.errors.js';
import type { AutoDebitPresentations, AutoDebitStepResult } from '../../loan/application/auto-debit-presentations.port.js';
import {
  LoanCommandExecutor,
  type BatchedCommand,
  type BatchedOutcome,
  type LoadedLoan,
} from '../../loan/application/loan-command-executor.js';
import type { LoanCommand } from '../../loan/domain/loan.commands.js';
import type { LoanState } from '../../loan/domain/loan.state.js';
import { isIsoDate } from '../../loan/domain/calendar.js';
import { InvalidLoanInput } from '../../loan/domain/loan.errors.js';
import type { Actor } from '../../loan/domain/loan.types.js';
import type { MandateKind } from '../domain/mandate.events.js';
import { MANDATE_PROVIDER, type MandateProvider } from '../provider/mandate-provider.port.js';

/** Close of business's auto-debit step acts as the system, as close of business does. */
export const PRESENTATIONS_ACTOR: Actor = { id: 'system:close-of-business', role: 'staff' };

/** Loans (or presentations) per page: one query to read them, one batch to decide, one transaction to append. */
export const PRESENTATIONS_PAGE = 500;

/** Pages worked at once: one decided in Node while the one before is appended in PostgreSQL. */
export const PRESENTATIONS_PAGES_IN_FLIGHT = 2;

/**
 * Seconds spent in each phase of the step in this process since it started (the bench reads them): the selection
 * query, the loans' rows read, decided by the domain (and their rows built), appended (statements and commit),
 * projected (the inline projections in the append's transaction), and the provider's calls.
 */
export type PresentationPhases = { select: number; read: number; decide: number; append: number; project: number; provider: number };

/** `decisions`: instalments presented or sent to manual collection by this run; `sent`: presentations sent to the provider. */
export type PresentationsRun = { date: string; loansVisited: number; decisions: number; sent: number; failedLoans: number };

/**
 * Close of business's auto-debit step (docs/mandates.md, "Presentations"), in two halves that a crash may separate:
 * `decide` runs PresentDueInstalments on every loan with something due under an open mandate (the decision is an event, appended once:
 * InstalmentPresented, PreDebitNotified, InstalmentSentToManualCollection); `send` then sends every presentation
 * decided and not yet accepted by the provider, with the idempotency key the decision carries (loan + instalment +
 * attempt), and records the provider's acceptance. Run again after a crash, `decide` appends nothing new and `send`
 * sends what was left, which the provider recognises if it had already received it: nothing doubled, nothing lost.
 */
@Injectable()
export class MandatePresentations implements AutoDebitPresentations {
  private readonly logger = new Logger('MandatePresentations');
  readonly phases: PresentationPhases = { select: 0, read: 0, decide: 0, append: 0, project: 0, provider: 0 };

  constructor(
    private readonly executor: LoanCommandExecutor,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(DB) private readonly db: Db,
    @Inject(BUSINESS_DATE) private readonly businessDate: BusinessDate,
    @Inject(MANDATE_PROVIDER) private readonly provider: MandateProvider,
  ) {}

  async run(requested?: string): Promise<PresentationsRun> {
    const date = await this.dateOf(requested);
    const decided = await this.decide(date);
    const sent = await this.send();
    return { date, ...decided, sent };
  }

  /** Close of business's call (the AutoDebitPresentations port), after ageing `date`. */
  async presentFor(date: string): Promise<AutoDebitStepResult> {
    const { decisions, sent } = await this.run(date);
    return { presentationsDecided: decisions, presentationsSent: sent };
  }

  async dateOf(requested: string | undefined): Promise<string> {
    const today = await this.businessDate.today();
    if (requested === undefined) return today;
    if (!isIsoDate(requested)) throw new InvalidLoanInput([{ name: 'date', message: 'date must be a calendar date (YYYY-MM-DD)' }]);
    if (requested > today) throw new InvalidLoanInput([{ name: 'date', message: `date must not be after the business date (${today})` }]);
    return requested;
  }

  /**
   * The decisions for `date`, set-based (docs/mandates.md, "Presentations at scale"): one query selects the loans with
   * something to decide (dueLoanIds), then page by page of PRESENTATIONS_PAGE loans their states are read from
   * loan_summaries in one query, decided by the domain in one batch and appended in one appendBatch (one transaction a
   * page, each loan at the version it was read at). A loan written meanwhile is decided again from its stream, alone;
   * a loan that fails is logged and left for the next run.
   */
  async decide(date: string): Promise<{ loansVisited: number; decisions: number; failedLoans: number }> {
    const started = performance.now();
    const loanIds = await this.dueLoanIds(date);
    this.phases.select += (performance.now() - started) / 1000;
    const total = { loansVisited: loanIds.length, decisions: 0, failedLoans: 0 };
    await inFlight(pagesOf(loanIds), async (page) => {
      const started = performance.now();
      const rows = await this.loadedRows(page);
      this.phases.read += (performance.now() - started) / 1000;
      const outcomes = await this.batch(rows.map(({ loanId, loaded }) => ({ command: this.presentCommand(loanId, date), loaded })));
      for (const [i, outcome] of outcomes.entries()) {
        const { loanId } = rows[i]!;
        let events: readonly string[];
        try {
          if ('events' in outcome) events = outcome.events;
          else if (outcome.error instanceof ConcurrencyError) events = await this.retried(() => this.presentCommand(loanId, date));
          else throw outcome.error;
        } catch (error) {
          total.failedLoans += 1;
          this.logger.warn(`auto-debit presentations for loan ${loanId} on ${date} failed: ${(error as Error).message}`);
          continue;
        }
        total.decisions += events.filter((type) => DECISIONS.has(type)).length;
      }
    });
    return total;
  }

  /**
   * The loans with something to decide on `date`, in one query over the read models (all inline, so as current as the
   * streams): an open mandate (active or paused) on an active loan, and either an instalment still owing, due from the
   * mandate's activation through `date` (through `date` + 2 for UPI AutoPay, whose notices go out before the due date),
   * with no presentation and no first-attempt hand-over to collectors; or a latest presentation bounced whose next
   * attempt day came and that was not handed over at its next attempt. It holds every loan on which
   * PresentDueInstalments could append (the decider, not this query, decides: a loan it finds with nothing to do,
   * e.g. a UPI debit whose notice is not 24 hours old, appends nothing).
   */
  async dueLoanIds(date: string): Promise<string[]> {
    const { rows } = await sql<{ loan_id: string }>`
      SELECT i.loan_id
        FROM mandates m
        JOIN loan_summaries l ON l.id = m.loan_id AND l.state = 'active'
        JOIN loan_instalments i ON i.loan_id = m.loan_id
       WHERE m.status IN ('active', 'paused')
         AND i.due_date >= coalesce(m.active_from, m.valid_from)
         AND i.due_date <= ${date}::date + CASE WHEN m.kind = 'upi-autopay' THEN 2 ELSE 0 END
         AND i.owed_principal + i.owed_interest + i.owed_fees + i.owed_penalties > 0
         AND NOT EXISTS (SELECT 1 FROM mandate_presentations p WHERE p.loan_id = i.loan_id AND p.instalment_number = i.number)
         AND NOT EXISTS (
               SELECT 1 FROM mandate_manual_collections c
                WHERE c.loan_id = i.loan_id AND c.instalment_number = i.number AND c.attempt = 1)
      UNION
      SELECT p.loan_id
        FROM mandate_presentations p
        JOIN mandates m ON m.loan_id = p.loan_id AND m.status IN ('active', 'paused')
        JOIN loan_summaries l ON l.id = p.loan_id AND l.state = 'active'
       WHERE p.latest AND p.status = 'bounced' AND p.next_attempt_on <= ${date}::date
         AND NOT EXISTS (
               SELECT 1 FROM mandate_manual_collections c
                WHERE c.loan_id = p.loan_id AND c.instalment_number = p.instalment_number AND c.attempt = p.attempt + 1)
      ORDER BY 1`.execute(this.db);
    return rows.map((row) => row.loan_id);
  }

  /**
   * Sends every presentation decided and not yet accepted by the provider; answers how many were sent. Page by page:
   * each presentation sent with its idempotency key, then the provider's acceptances recorded in one appendBatch
   * (a loan with two presentations in the page has its second recorded on its own, after the batch).
   */
  async send(): Promise<number> {
    const pending = await this.db
      .selectFrom('mandate_presentations as p')
      .innerJoin('mandates as m', 'm.id', 'p.mandate_id')
      .select(['p.id', 'p.loan_id', 'p.amount', 'p.presented_on', 'm.kind', 'm.provider_reference'])
      .where('p.status', '=', 'presented')
      .orderBy('p.created_at')
      .orderBy('p.id')
      .execute();
    await inFlight(pagesOf(pending), async (page) => {
      const accepted: { loanId: string; presentationId: string; providerPresentationId: string }[] = [];
      let started = performance.now();
      for (const row of page) {
        const { providerPresentationId } = await this.provider.present({
          presentationId: row.id,
          idempotencyKey: row.id,
          mandateReference: row.provider_reference ?? '',
          kind: row.kind as MandateKind,
          amount: Number(row.amount),
          debitOn: row.presented_on,
        });
        accepted.push({ loanId: row.loan_id, presentationId: row.id, providerPresentationId });
      }
      this.phases.provider += (performance.now() - started) / 1000;
      const first = new Map<string, (typeof accepted)[number]>();
      const later: typeof accepted = [];
      for (const one of accepted) {
        if (first.has(one.loanId)) later.push(one);
        else first.set(one.loanId, one);
      }
      // The loans as this run's decisions left them (kept by the executor), else read from their rows.
      started = performance.now();
      const kept = [...first.keys()].flatMap((loanId) => {
        const loaded = this.executor.kept(loanId);
        return loaded ? [{ loanId, loaded }] : [];
      });
      const keptIds = new Set(kept.map((k) => k.loanId));
      const rows = [...kept, ...(await this.loadedRows([...first.keys()].filter((loanId) => !keptIds.has(loanId))))];
      this.phases.read += (performance.now() - started) / 1000;
      const submitted =
        ({ loanId, presentationId, providerPresentationId }: (typeof accepted)[number]) =>
        (at: string): LoanCommand => ({
          type: 'RecordPresentationSubmitted',
          data: { loanId, at, actor: PRESENTATIONS_ACTOR, presentationId, providerPresentationId },
        });
      const outcomes = await this.batch(
        rows.map(({ loanId, loaded }) => ({ command: submitted(first.get(loanId)!)(this.clock.now().toISOString()), loaded })),
      );
      for (const [i, outcome] of outcomes.entries()) {
        if ('events' in outcome) continue;
        if (!(outcome.error instanceof ConcurrencyError)) throw outcome.error;
        await this.retried(submitted(first.get(rows[i]!.loanId)!));
      }
      for (const one of later) await this.retried(submitted(one));
    });
    return pending.length;
  }

  /** One batch through the executor (decided, then appended in one transaction), its time added to the phases. */
  private async batch(commands: BatchedCommand[]): Promise<BatchedOutcome[]> {
    const timings = { decideSeconds: 0, appendSeconds: 0, projectSeconds: 0 };
    const outcomes = await this.executor.executeBatch(commands, timings);
    this.phases.decide += timings.decideSeconds;
    this.phases.append += timings.appendSeconds;
    this.phases.project += timings.projectSeconds;
    return outcomes;
  }

  private presentCommand(loanId: string, date: string): LoanCommand {
    return {
      type: 'PresentDueInstalments',
      data: { loanId, at: this.clock.now().toISOString(), actor: PRESENTATIONS_ACTOR, businessDate: date },
    };
  }

  /** These loans as their loan_summaries rows stand (the state folded at their version), in one query. */
  private async loadedRows(loanIds: readonly string[]): Promise<{ loanId: string; loaded: LoadedLoan }[]> {
    if (loanIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('loan_summaries')
      .select(['id', 'version', 'last_position', 'loan_state', 'submitted_at'])
      .where('id', 'in', [...loanIds])
      .orderBy('id')
      .execute();
    return rows.map((row) => ({
      loanId: row.id,
      loaded: {
        state: row.loan_state as unknown as LoanState,
        version: row.version,
        lastPosition: Number(row.last_position),
        submittedAt: row.submitted_at ? new Date(row.submitted_at).toISOString() : null,
      },
    }));
  }

  /** One loan's command decided on its stream as read, again when another append got there first: the events appended. */
  private async retried(build: (at: string) => LoanCommand): Promise<readonly string[]> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        const command = build(this.clock.now().toISOString());
        const loaded = await this.executor.load(command.data.loanId);
        return (await this.executor.execute(command, { loaded })).events;
      } catch (error) {
        if (!(error instanceof ConcurrencyError) || attempt >= 3) throw error;
      }
    }
  }
}

/** Pages of PRESENTATIONS_PAGE items. */
function pagesOf<T>(items: readonly T[]): T[][] {
  const pages: T[][] = [];
  for (let start = 0; start < items.length; start += PRESENTATIONS_PAGE) pages.push(items.slice(start, start + PRESENTATIONS_PAGE));
  return pages;
}

/**
 * Works the pages with up to PRESENTATIONS_PAGES_IN_FLIGHT at once, so that one page is decided in Node while the one
 * before is appended in PostgreSQL (as close of business does). A failure stops the starting of pages; those under way
 * finish (each is its own transaction, so what is recorded is whole loans) and the failure is thrown.
 */
async function inFlight<T>(pages: readonly T[][], work: (page: T[]) => Promise<void>): Promise<void> {
  const running = new Set<Promise<void>>();
  let failure: { error: unknown } | undefined;
  for (const page of pages) {
    if (failure) break;
    const one: Promise<void> = work(page)
      .catch((error: unknown) => void (failure ??= { error }))
      .finally(() => running.delete(one));
    running.add(one);
    if (running.size >= PRESENTATIONS_PAGES_IN_FLIGHT) await Promise.race(running);
  }
  await Promise.all(running);
  if (failure) throw failure.error;
}

/** The events that are a decision on an instalment (what `decisions` counts; a pre-debit notice is not one). */
const DECISIONS = new Set(['InstalmentPresented', 'InstalmentSentToManualCollection']);
