import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { LoanCommand } from '../../loan/domain/loan.commands.js';
import type { Actor } from '../../loan/domain/loan.types.js';
import { PaymentCommands } from './payment-commands.js';

/** The actions on a recorded payment, as the API names them (POST /api/admin/payments/:id/<action>). */
export type PaymentAction =
  | { action: 'verify' }
  | { action: 'reject'; reason: string }
  | { action: 'reverse'; reason: string }
  | { action: 'approve-reversal' }
  | { action: 'reject-reversal'; reason: string };

export class ActOnPaymentCommand {
  constructor(
    readonly actor: Actor,
    readonly paymentId: string,
    readonly act: PaymentAction,
  ) {}
}

/**
 * Verify or reject a recorded payment; ask for, approve or turn down its reversal. Verifying and approving a
 * reversal are the checker's half of maker-checker: the decider refuses them to the maker (403 same-person).
 */
@CommandHandler(ActOnPaymentCommand)
export class ActOnPaymentHandler implements ICommandHandler<ActOnPaymentCommand> {
  constructor(private readonly payments: PaymentCommands) {}

  async execute({ actor, paymentId, act }: ActOnPaymentCommand) {
    const loanId = await this.payments.loanOf(paymentId);
    const businessDate = await this.payments.today();
    await this.payments.execute((at) => toCommand(act, { loanId, at, actor }, paymentId, businessDate), actor);
    return this.payments.view(paymentId);
  }
}

function toCommand(
  act: PaymentAction,
  base: { loanId: string; at: string; actor: Actor },
  paymentId: string,
  businessDate: string,
): LoanCommand {
  switch (act.action) {
    case 'verify':
      return { type: 'VerifyPayment', data: { ...base, paymentId, businessDate } };
    case 'reject':
      return { type: 'RejectPayment', data: { ...base, paymentId, reason: act.reason } };
    case 'reverse':
      return { type: 'RequestPaymentReversal', data: { ...base, paymentId, reason: act.reason } };
    case 'approve-reversal':
      return { type: 'ApprovePaymentReversal', data: { ...base, paymentId, businessDate } };
    case 'reject-reversal':
      return { type: 'RejectPaymentReversal', data: { ...base, paymentId, reason: act.reason } };
  }
}
