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
  type BeforeAppend,
  type Decision,
  type LoadedLoan,
  LOADED_LOAN_COLUMNS,
  loadedLoanOf,
} from '../../loan/application/loan-command-executor.js';
import type { LoanCommand } from '../../loan/domain/loan.commands.js';
import type { LoanEvent } from '../../loan/domain/loan.events.js';
import type { LoanRecord } from '../../loan/domain/loan.state.js';
import { isIsoDate } from '../../loan/domain/calendar.js';
import { InvalidLoanInput } from '../../loan/domain/loan.errors.js';
import type { Actor } from '../../loan/domain/loan.types.js';
import { presentationAccepted } from '../domain/mandate.decide.js';
import type { InstalmentPresented, MandateKind } from '../domain/mandate.events.js';
import { MANDATE_PROVIDER, type MandateProvider } from '../provider/mandate-provider.port.js';
import { inFlight, pagesOf } from './presentation-pages.js';
import { presentationSends, type PresentationSend, type PresentationToSend } from './presentation-sends.js';

/** Close of business's auto-debit step acts as the system, as close of business does. */
export const PRESENTATIONS_ACTOR: Actor = { id: 'system:close-of-business', role: 'staff' };

/**
 * Seconds spent in each phase of the step in this process since it started (the bench reads them): the selection
 * query, the loans' rows read, decided by the domain (and their rows built), appended (statements and commit),
 * projected (the inline projections in the append's transaction), and the provider's calls.
 */
export type PresentationPhases = { select: number; read: number; decide: number; append: number; project: number; provider: number };

/**
 * `decisions`: instalments presented or sent to manual collection by this run; `sent`: presentations sent to the
 * provider (with the decision, and those an earlier run recorded and left unsent).
 */
export type PresentationsRun = { date: string; loansVisited: number; decisions: number; sent: number; failedLoans: number };

/** A presentation the provider took, with its id there: recorded with the decision, or alone if that append was refused. */
type Sent = { presented: InstalmentPresented; providerPresentationId: string };

/**
 * Close of business's auto-debit step (docs/mandates.md, "Presentations" and "Presentations at scale"). `run` runs
 * PresentDueInstalments on every loan with something due under an open mandate, page by page (`present`): each page
 * decided in memory, its presentations written ahead (`mandate_presentation_sends`, a transaction of its own), sent to
 * the provider with the idempotency key each decision carries (loan + instalment + attempt), then each loan's
 * decisions appended with the provider's acceptances (InstalmentPresented + PresentationSubmitted, PreDebitNotified,
 * InstalmentSentToManualCollection): one append per loan, one transaction a page; then the rows of what was recorded
 * deleted. A crash between sending and recording leaves the rows: the next run (`recoverSends`) or the provider's
 * webhook about such a debit records it, whatever the loan says by then, so no debit the provider holds goes
 * unrecorded, and the provider's deduplication on the key keeps it one debit. `decide` + `send` is the older two-step
 * path (decisions recorded, then sent): tests use `decide` to leave decisions recorded and unsent, and `send` still
 * sends any such.
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

  /**
   * Close of business's path: first what a crash left sent and unrecorded (`recoverSends`: the write-ahead rows), then
   * the day's decisions sent and recorded with their acceptances, one append a loan (`present`), then anything an
   * earlier run recorded and did not send (`send`: decisions recorded before sending, as close of business did before
   * the write-ahead record). Nothing is lost: every presentation has its write-ahead row before it is sent, and the row
   * goes only once the presentation is on its loan's stream. Nothing is doubled: the provider deduplicates on the key.
   */
  async run(requested?: string): Promise<PresentationsRun> {
    return this.runOn(await this.dateOf(requested));
  }

  /** `run` for a date already checked (close of business's own). */
  async runOn(date: string): Promise<PresentationsRun> {
    const recovered = await this.recoverSends();
    const presented = await this.present(date);
    const sent = await this.send();
    return { ...presented, sent: recovered + presented.sent + sent };
  }

  /**
   * The presentations a crash left between sending and recording (write-ahead rows that outlived their run; a run
   * under way in another process may also have rows here, which is harmless): each sent again with its idempotency
   * key, so the provider answers the debit it holds (or takes it now if the crash came before the page was sent), then
   * recorded on its loan as sent (RecordPresentationSent: whatever the loan says now, the debit is at the provider) and
   * its row deleted. Answers how many were recorded. The provider failing stops it (thrown); a loan that cannot be
   * written is logged and its row kept for the next run.
   */
  async recoverSends(): Promise<number> {
    let recovered = 0;
    for (const send of await presentationSends.left(this.db)) {
      try {
        await this.recordSend(send);
        recovered += 1;
      } catch (error) {
        if (error instanceof ProviderFailed) throw error.cause;
        this.logger.warn(
          `auto-debit presentation ${send.presentation.presentationId} left by a crash not recorded: ${(error as Error).message}`,
        );
      }
    }
    return recovered;
  }

  /** One write-ahead row recorded (see recoverSends); also what the provider's webhook about such a debit does first. */
  async recordSend({ loanId, presentation, mandateReference, kind }: PresentationSend): Promise<void> {
    let providerPresentationId: string;
    try {
      providerPresentationId = await this.sent({ loanId, presentation, mandateReference, kind });
    } catch (error) {
      throw new ProviderFailed(error);
    }
    const { presentationId } = presentation;
    await this.retried((at) => ({
      type: 'RecordPresentationSent',
      data: { loanId, at, actor: PRESENTATIONS_ACTOR, presentation, providerPresentationId },
    }));
    await presentationSends.forget(this.db, [presentationId]);
  }

  /** Close of business's call (the AutoDebitPresentations port), after ageing `date`. */
  async presentFor(date: string): Promise<AutoDebitStepResult> {
    const { decisions, sent } = await this.runOn(date);
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
   * The decisions for `date`, sent and recorded with the provider's acceptances: one append per loan (see the class).
   * A loan written while its page was being sent (its append refused by the version check) has what was sent recorded
   * as sent (RecordPresentationSent: the debit is at the provider, whatever the loan says now), then is decided again
   * from its stream, alone; a new decision then is recorded and left for `send`. A loan that fails is logged and left
   * for the next run (what was sent for it keeps its write-ahead row). The provider failing stops the sending: what it
   * took is recorded, the presentation it failed on keeps its row (whether it took it is not known), the rest is
   * decided again at the next run, and the failure is thrown.
   */
  async present(date: string): Promise<PresentationsRun> {
    return { date, ...(await this.decidePages(date, true)) };
  }

  /**
   * The decisions for `date` recorded only (the two-step path: `send` sends them afterwards), page by page as
   * `present` does. What close of business did before the write-ahead record, and what tests use to leave decisions
   * recorded and unsent, as a crash between the two steps did.
   */
  async decide(date: string): Promise<{ loansVisited: number; decisions: number; failedLoans: number }> {
    const { sent: _none, ...decided } = await this.decidePages(date, false);
    return decided;
  }

  private async decidePages(date: string, sending: boolean): Promise<Omit<PresentationsRun, 'date'>> {
    const started = performance.now();
    const loanIds = await this.dueLoanIds(date);
    this.phases.select += (performance.now() - started) / 1000;
    const total = { loansVisited: loanIds.length, decisions: 0, sent: 0, failedLoans: 0 };
    await inFlight(pagesOf(loanIds), async (page) => {
      const started = performance.now();
      const rows = await this.loadedRows(page);
      this.phases.read += (performance.now() - started) / 1000;
      const sent = new Map<number, Sent[]>();
      const provider: { failure?: { error: unknown } } = {};
      const outcomes = await this.batch(
        rows.map(({ loanId, loaded }) => ({ command: this.presentCommand(loanId, date), loaded })),
        sending
          ? async (decisions) => {
              provider.failure = await this.sendDecided(rows, decisions, sent);
            }
          : undefined,
      );
      const recorded: string[] = [];
      for (const [i, outcome] of outcomes.entries()) {
        const { loanId } = rows[i]!;
        let events: readonly string[];
        try {
          if ('events' in outcome) events = outcome.events;
          else if (outcome.error instanceof ConcurrencyError) events = await this.recordedAgain(loanId, date, sent.get(i) ?? []);
          else throw outcome.error;
        } catch (error) {
          // What was sent for this loan keeps its write-ahead row: the next run records it.
          total.failedLoans += 1;
          this.logger.warn(`auto-debit presentations for loan ${loanId} on ${date} failed: ${(error as Error).message}`);
          continue;
        }
        total.decisions += events.filter((type) => DECISIONS.has(type)).length;
        for (const one of sent.get(i) ?? []) recorded.push(one.presented.data.presentationId);
      }
      await presentationSends.forget(this.db, recorded);
      for (const one of sent.values()) total.sent += one.length;
      if (provider.failure) throw provider.failure.error;
    });
    return total;
  }

  /**
   * A page's decisions sent to the provider, each presentation followed in its loan's events by the provider's
   * acceptance (`sent` collects them by the loan's index). Should the provider fail, the presentations not yet sent
   * are taken out of the decisions (decided again at the next run) and the failure is answered.
   */
  private async sendDecided(
    rows: readonly { loanId: string; loaded: LoadedLoan }[],
    decisions: Decision[],
    sent: Map<number, Sent[]>,
  ): Promise<{ error: unknown } | undefined> {
    // Written ahead, in a transaction of its own, before anything of the page is sent.
    const sends = new Map<InstalmentPresented, PresentationSend>();
    for (const decision of decisions) {
      const mandates = (rows[decision.index]!.loaded.state as LoanRecord).mandates?.mandates ?? [];
      for (const event of decision.events) {
        if (event.type !== 'InstalmentPresented') continue;
        const mandate = mandates.find((m) => m.mandateId === event.data.mandateId);
        sends.set(event, {
          loanId: rows[decision.index]!.loanId,
          presentation: presentationOf(event),
          mandateReference: mandate?.providerReference ?? '',
          kind: mandate?.kind ?? 'e-nach',
        });
      }
    }
    await presentationSends.writeAhead(this.db, [...sends.values()]);
    const started = performance.now();
    let failure: { error: unknown } | undefined;
    const neverSent: string[] = [];
    for (const decision of decisions) {
      const events: LoanEvent[] = [];
      for (const event of decision.events) {
        if (event.type !== 'InstalmentPresented') {
          events.push(event);
          continue;
        }
        const { presentationId } = event.data;
        if (failure) {
          neverSent.push(presentationId);
          continue;
        }
        try {
          const providerPresentationId = await this.sent(sends.get(event)!);
          events.push(event, presentationAccepted(event, providerPresentationId, this.clock.now().toISOString()));
          sent.set(decision.index, [...(sent.get(decision.index) ?? []), { presented: event, providerPresentationId }]);
        } catch (error) {
          // Whether the provider took it is not known: its row stays, and the next run sends it again with its key.
          this.logger.warn(`auto-debit presentation ${presentationId} not taken by the provider: ${(error as Error).message}`);
          failure = { error };
        }
      }
      decision.events = events;
    }
    this.phases.provider += (performance.now() - started) / 1000;
    // Not sent at all (after the provider failed): decided again at the next run, so not written ahead.
    await presentationSends.forget(this.db, neverSent);
    return failure;
  }

  /** One presentation sent to the provider with its idempotency key: the provider's id for the debit. */
  private async sent({ presentation, mandateReference, kind }: PresentationSend): Promise<string> {
    const { presentationId, idempotencyKey, amount, presentedOn } = presentation;
    const { providerPresentationId } = await this.provider.present({
      presentationId,
      idempotencyKey,
      mandateReference,
      kind,
      amount,
      debitOn: presentedOn,
    });
    return providerPresentationId;
  }

  /**
   * A loan whose append was refused (written meanwhile): what the provider took recorded as sent, then the loan
   * decided again on its stream (anything new is recorded, and sent by `send`): the events appended.
   */
  private async recordedAgain(loanId: string, date: string, sent: readonly Sent[]): Promise<string[]> {
    const events: string[] = [];
    for (const { presented, providerPresentationId } of sent) {
      const presentation = presentationOf(presented);
      events.push(
        ...(await this.retried((at) => ({
          type: 'RecordPresentationSent',
          data: { loanId, at, actor: PRESENTATIONS_ACTOR, presentation, providerPresentationId },
        }))),
      );
    }
    events.push(...(await this.retried(() => this.presentCommand(loanId, date))));
    return events;
  }

  /**
   * The loans with something to decide on `date`, in one query over the read models (all inline, so as current as the
   * streams): an open mandate (active or paused) on an active loan, and either an instalment still owing, due from the
   * mandate's activation through `date` (through `date` + 2 for UPI AutoPay, whose notices go out before the due date),
   * with no presentation and no first-attempt hand-over to collectors; or a latest presentation bounced whose next
   * attempt day came and that was not handed over at its next attempt. It holds every loan on which
   * PresentDueInstalments could append (the decider, not this query, decides: a loan it finds with nothing to do,
   * e.g. a UPI debit whose notice is not 24 hours old, appends nothing). The instalments are found through the index of
   * those still owing by due date (migration 0069), up to the furthest date any mandate kind reaches (`date` + 2), so
   * the query reads the day's and the overdue instalments, not the book.
   */
  async dueLoanIds(date: string): Promise<string[]> {
    const { rows } = await sql<{ loan_id: string }>`
      SELECT i.loan_id
        FROM loan_instalments i
        JOIN mandates m ON m.loan_id = i.loan_id AND m.status IN ('active', 'paused')
        JOIN loan_summaries l ON l.id = m.loan_id AND l.state = 'active'
       WHERE i.due_date <= ${date}::date + 2
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
  private async batch(commands: BatchedCommand[], beforeAppend?: BeforeAppend): Promise<BatchedOutcome[]> {
    const timings = { decideSeconds: 0, appendSeconds: 0, projectSeconds: 0 };
    const outcomes = await this.executor.executeBatch(commands, timings, { beforeAppend });
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
      .select(LOADED_LOAN_COLUMNS)
      .where('id', 'in', [...loanIds])
      .orderBy('id')
      .execute();
    return rows.map((row) => ({
      loanId: row.id,
      loaded: loadedLoanOf(row),
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

/** A provider's failure while recovering a write-ahead row (thrown on: it stops the run). */
class ProviderFailed extends Error {
  constructor(override readonly cause: unknown) {
    super('the auto-debit provider failed');
  }
}

/** What RecordPresentationSent and the write-ahead row keep of a presentation: its data without the envelope. */
function presentationOf(presented: InstalmentPresented): PresentationToSend {
  const { loanId: _loan, at: _at, actor: _actor, reason: _reason, ...presentation } = presented.data;
  return presentation;
}

/** The events that are a decision on an instalment (what `decisions` counts; a pre-debit notice is not one). */
const DECISIONS = new Set(['InstalmentPresented', 'InstalmentSentToManualCollection']);
