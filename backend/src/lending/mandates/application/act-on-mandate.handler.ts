import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DB, type Db } from '../../../platform/database/database.js';
import { LoanAccess } from '../../loan/application/loan-access.js';
import { MoneyCommands } from '../../loan/application/money-commands.js';
import type { LoanCommand } from '../../loan/domain/loan.commands.js';
import type { Actor } from '../../loan/domain/loan.types.js';
import { MandateNotFound } from '../domain/mandate.errors.js';
import { MANDATE_PROVIDER, type MandateProvider } from '../provider/mandate-provider.port.js';
import { mandateView, type MandateView } from './mandate.views.js';

export type MandateAction =
  { action: 'request-pause'; reason: string } | { action: 'approve-pause' } | { action: 'resume' } | { action: 'cancel'; cause: string };

export class ActOnMandateCommand {
  constructor(
    readonly actor: Actor,
    readonly mandateId: string,
    readonly input: MandateAction,
  ) {}
}

/**
 * Staff pause (maker-checker: one asks with a reason, another approves), resume or cancel a mandate; a borrower
 * cancels their own (another borrower's is "not found"). A cancellation is sent to the provider after it is recorded
 * (the provider's cancel is idempotent; a failure there is retried by the next cancel).
 */
@CommandHandler(ActOnMandateCommand)
export class ActOnMandateHandler implements ICommandHandler<ActOnMandateCommand> {
  constructor(
    private readonly money: MoneyCommands,
    private readonly access: LoanAccess,
    @Inject(MANDATE_PROVIDER) private readonly provider: MandateProvider,
    @Inject(DB) private readonly db: Db,
  ) {}

  async execute({ actor, mandateId, input }: ActOnMandateCommand): Promise<MandateView> {
    const row = await this.db.selectFrom('mandates').select('loan_id').where('id', '=', mandateId).executeTakeFirst();
    if (!row) throw new MandateNotFound('', mandateId);
    const loanId = row.loan_id;
    try {
      await this.access.require(loanId, actor);
    } catch {
      throw new MandateNotFound('', mandateId);
    }
    await this.money.execute((at) => commandOf(loanId, at, actor, mandateId, input), actor);
    const after = await this.db.selectFrom('mandates').selectAll().where('id', '=', mandateId).executeTakeFirstOrThrow();
    if (input.action === 'cancel') await this.provider.cancel({ mandateId, providerReference: after.provider_reference ?? undefined });
    return mandateView(after);
  }
}

function commandOf(loanId: string, at: string, actor: Actor, mandateId: string, input: MandateAction): LoanCommand {
  const base = { loanId, at, actor, mandateId };
  switch (input.action) {
    case 'request-pause':
      return { type: 'RequestMandatePause', data: { ...base, reason: input.reason } };
    case 'approve-pause':
      return { type: 'ApproveMandatePause', data: base };
    case 'resume':
      return { type: 'ResumeMandate', data: base };
    case 'cancel':
      return { type: 'CancelMandate', data: { ...base, cause: input.cause } };
  }
}
