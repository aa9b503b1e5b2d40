import { Inject, Injectable, Logger } from '@nestjs/common';
import { BUSINESS_DATE, type BusinessDate } from '../../../platform/business-date/business-date.port.js';
import { DB, type Db } from '../../../platform/database/database.js';
import type { AutoDebitPresentations, AutoDebitStepResult } from '../../loan/application/auto-debit-presentations.port.js';
import { MoneyCommands } from '../../loan/application/money-commands.js';
import { isIsoDate } from '../../loan/domain/calendar.js';
import { InvalidLoanInput } from '../../loan/domain/loan.errors.js';
import type { Actor } from '../../loan/domain/loan.types.js';
import type { MandateKind } from '../domain/mandate.events.js';
import { MANDATE_PROVIDER, type MandateProvider } from '../provider/mandate-provider.port.js';

/** Close of business's auto-debit step acts as the system, as close of business does. */
export const PRESENTATIONS_ACTOR: Actor = { id: 'system:close-of-business', role: 'staff' };

/** `decisions`: instalments presented or sent to manual collection by this run; `sent`: presentations sent to the provider. */
export type PresentationsRun = { date: string; loansVisited: number; decisions: number; sent: number; failedLoans: number };

/**
 * Close of business's auto-debit step (docs/mandates.md, "Presentations"), in two halves that a crash may separate:
 * `decide` runs PresentDueInstalments on every loan with an open mandate (the decision is an event, appended once:
 * InstalmentPresented, PreDebitNotified, InstalmentSentToManualCollection); `send` then sends every presentation
 * decided and not yet accepted by the provider, with the idempotency key the decision carries (loan + instalment +
 * attempt), and records the provider's acceptance. Run again after a crash, `decide` appends nothing new and `send`
 * sends what was left, which the provider recognises if it had already received it: nothing doubled, nothing lost.
 */
@Injectable()
export class MandatePresentations implements AutoDebitPresentations {
  private readonly logger = new Logger('MandatePresentations');

  constructor(
    private readonly money: MoneyCommands,
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

  /** The decisions for `date` on every loan with an active or paused mandate; a loan that fails is logged and left for the next run. */
  async decide(date: string): Promise<{ loansVisited: number; decisions: number; failedLoans: number }> {
    const loans = await this.db.selectFrom('mandates').select('loan_id').distinct().where('status', 'in', ['active', 'paused']).execute();
    const before = await this.decisionCount();
    let failedLoans = 0;
    for (const { loan_id: loanId } of loans) {
      try {
        await this.money.execute(
          (at) => ({ type: 'PresentDueInstalments', data: { loanId, at, actor: PRESENTATIONS_ACTOR, businessDate: date } }),
          PRESENTATIONS_ACTOR,
        );
      } catch (error) {
        failedLoans += 1;
        this.logger.warn(`auto-debit presentations for loan ${loanId} on ${date} failed: ${(error as Error).message}`);
      }
    }
    return { loansVisited: loans.length, decisions: (await this.decisionCount()) - before, failedLoans };
  }

  /** Sends every presentation decided and not yet accepted by the provider; answers how many were sent. */
  async send(): Promise<number> {
    const pending = await this.db
      .selectFrom('mandate_presentations as p')
      .innerJoin('mandates as m', 'm.id', 'p.mandate_id')
      .select(['p.id', 'p.loan_id', 'p.amount', 'p.presented_on', 'm.kind', 'm.provider_reference'])
      .where('p.status', '=', 'presented')
      .orderBy('p.created_at')
      .execute();
    for (const row of pending) {
      const { providerPresentationId } = await this.provider.present({
        presentationId: row.id,
        idempotencyKey: row.id,
        mandateReference: row.provider_reference ?? '',
        kind: row.kind as MandateKind,
        amount: Number(row.amount),
        debitOn: row.presented_on,
      });
      await this.money.execute(
        (at) => ({
          type: 'RecordPresentationSubmitted',
          data: { loanId: row.loan_id, at, actor: PRESENTATIONS_ACTOR, presentationId: row.id, providerPresentationId },
        }),
        PRESENTATIONS_ACTOR,
      );
    }
    return pending.length;
  }

  private async decisionCount(): Promise<number> {
    const row = await this.db
      .selectFrom('mandate_presentations')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const manual = await this.db
      .selectFrom('mandate_manual_collections')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n) + Number(manual.n);
  }
}
