import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { LoanRecord } from '../../loan/domain/loan.state.js';
import type { Actor } from '../../loan/domain/loan.types.js';
import { RefundNotFound } from '../domain/payment.errors.js';
import { LoanCommandExecutor } from '../../loan/application/loan-command-executor.js';
import { PaymentCommands } from './payment-commands.js';

export class RequestRefundCommand {
  constructor(
    readonly actor: Actor,
    readonly loanId: string,
    readonly amount: number,
    readonly idempotencyKey?: string,
  ) {}
}

export class ApproveRefundCommand {
  constructor(
    readonly actor: Actor,
    readonly loanId: string,
    readonly refundId: string,
  ) {}
}

/** A refund as staff see it: `{id, loanId, amount, status: requested|refunded, requestedBy}`. */
async function refundView(executor: LoanCommandExecutor, loanId: string, refundId: string) {
  const loan = (await executor.load(loanId)).state as LoanRecord;
  const refund = loan.refunds?.[refundId];
  if (!refund) throw new RefundNotFound(loanId, refundId);
  return { id: refundId, loanId, amount: refund.amount, status: refund.status, requestedBy: refund.requestedBy };
}

/** Staff ask to pay credit balance back to the borrower (the maker); at most what is held, less requests waiting. */
@CommandHandler(RequestRefundCommand)
export class RequestRefundHandler implements ICommandHandler<RequestRefundCommand> {
  constructor(
    private readonly payments: PaymentCommands,
    private readonly executor: LoanCommandExecutor,
  ) {}

  async execute({ actor, loanId, amount, idempotencyKey }: RequestRefundCommand) {
    const refundId = PaymentCommands.newId(actor, idempotencyKey, `refund:${loanId}`);
    const known = idempotencyKey ? ((await this.executor.load(loanId)).state as LoanRecord).refunds?.[refundId] : undefined;
    if (!known) {
      const businessDate = await this.payments.today();
      await this.payments.execute(
        (at) => ({ type: 'RequestCreditBalanceRefund', data: { loanId, at, actor, refundId, amount, businessDate } }),
        actor,
      );
    }
    return refundView(this.executor, loanId, refundId);
  }
}

/** A second person approves the refund (the checker): CreditBalanceRefunded on the business date. */
@CommandHandler(ApproveRefundCommand)
export class ApproveRefundHandler implements ICommandHandler<ApproveRefundCommand> {
  constructor(
    private readonly payments: PaymentCommands,
    private readonly executor: LoanCommandExecutor,
  ) {}

  async execute({ actor, loanId, refundId }: ApproveRefundCommand) {
    const businessDate = await this.payments.today();
    await this.payments.execute(
      (at) => ({ type: 'ApproveCreditBalanceRefund', data: { loanId, at, actor, refundId, businessDate } }),
      actor,
    );
    return refundView(this.executor, loanId, refundId);
  }
}
