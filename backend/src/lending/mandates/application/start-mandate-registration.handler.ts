import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config.js';
import { CLOCK, type Clock } from '../../../platform/clock.js';
import { DB, type Db } from '../../../platform/database/database.js';
import { LoanCommandExecutor } from '../../loan/application/loan-command-executor.js';
import { LoanProducts } from '../../loan/application/loan-products.port.js';
import { MoneyCommands } from '../../loan/application/money-commands.js';
import { addMonths } from '../../loan/domain/calendar.js';
import { decide } from '../../loan/domain/loan.decide.js';
import { LoanNotFound } from '../../loan/domain/loan.errors.js';
import type { LoanRecord } from '../../loan/domain/loan.state.js';
import type { Actor } from '../../loan/domain/loan.types.js';
import { serviceLoan } from '../../loan/domain/schedule/loan-servicing.js';
import type { StartMandateRegistration } from '../domain/mandate.commands.js';
import { AutoDebitOff, MandateNotFound } from '../domain/mandate.errors.js';
import type { MandateKind } from '../domain/mandate.events.js';
import { proposedMandateTerms } from '../domain/mandate.rules.js';
import { MANDATE_PROVIDER, type MandateProvider } from '../provider/mandate-provider.port.js';
import { mandateView, type MandateView } from './mandate.views.js';

export class StartMandateRegistrationCommand {
  constructor(
    readonly actor: Actor,
    readonly loanId: string,
    readonly kind: MandateKind,
    readonly idempotencyKey?: string,
  ) {}
}

/** The largest instalment and the last due date a mandate must cover: the servicing schedule, or the agreement's. */
function coverOf(loan: LoanRecord, businessDate: string): { largest: number; lastDueDate: string } {
  if (loan.servicing) {
    const { instalments } = serviceLoan(loan.servicing.terms, loan.servicing.events);
    const largest = Math.max(...instalments.map((i) => i.principal + i.interest + i.fees));
    return { largest, lastDueDate: instalments.at(-1)!.dueDate };
  }
  const largest = loan.agreement?.terms.instalmentAmount ?? loan.amount;
  const last = loan.schedule?.at(-1)?.dueDate;
  return { largest, lastDueDate: last ? last : addMonths(businessDate, loan.tenureMonths + 1) };
}

/**
 * Staff (on the loan page) or the borrower (in the portal, after signing) register a mandate: the terms are proposed
 * from the loan (docs/mandates.md), the command is checked first (a closed loan creates nothing at the provider),
 * then the provider makes the mandate, then MandateRegistrationStarted is appended. Answers the mandate and where to
 * send the browser to authorise it.
 */
@CommandHandler(StartMandateRegistrationCommand)
export class StartMandateRegistrationHandler implements ICommandHandler<StartMandateRegistrationCommand> {
  constructor(
    private readonly executor: LoanCommandExecutor,
    private readonly catalog: LoanProducts,
    private readonly money: MoneyCommands,
    @Inject(MANDATE_PROVIDER) private readonly provider: MandateProvider,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(DB) private readonly db: Db,
  ) {}

  async execute({
    actor,
    loanId,
    kind,
    idempotencyKey,
  }: StartMandateRegistrationCommand): Promise<{ mandate: MandateView; redirectUrl: string }> {
    if (!this.config.payments.webhookSecret) throw new AutoDebitOff();
    const loaded = await this.executor.load(loanId, actor);
    if (loaded.state.status === 'none') throw new LoanNotFound(loanId);
    const loan = loaded.state as LoanRecord;
    const mandateId = MoneyCommands.newId(actor, idempotencyKey, `mandate:${loanId}`);
    const redirectUrl = `/api/mandates/sandbox/${mandateId}`;
    if (loan.mandates?.mandates.some((m) => m.mandateId === mandateId)) return { mandate: await this.view(mandateId), redirectUrl };
    const businessDate = await this.money.today();
    const { largest, lastDueDate } = coverOf(loan, businessDate);
    const terms = proposedMandateTerms(kind, largest, lastDueDate, businessDate);
    const command = (at: string): StartMandateRegistration => ({
      type: 'StartMandateRegistration',
      data: { loanId, at, actor, mandateId, kind, ...terms, provider: this.provider.name, businessDate },
    });
    decide(command(this.clock.now().toISOString()), loan, await this.catalog.parametersOf(loan));
    const created = await this.provider.createMandate({ mandateId, loanId, kind, ...terms });
    await this.money.execute(command, actor);
    return { mandate: await this.view(mandateId), redirectUrl: created.redirectUrl };
  }

  private async view(mandateId: string): Promise<MandateView> {
    const row = await this.db.selectFrom('mandates').selectAll().where('id', '=', mandateId).executeTakeFirst();
    if (!row) throw new MandateNotFound('', mandateId);
    return mandateView(row);
  }
}
