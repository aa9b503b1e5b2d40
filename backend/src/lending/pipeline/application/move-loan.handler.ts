import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CLOCK, type Clock } from '../../../platform/clock.js';
import type { LoanCommand } from '../../loan/domain/loan.commands.js';
import type { Actor } from '../../loan/domain/loan.types.js';
import { LoanCommandExecutor } from '../../loan/application/loan-command-executor.js';

/** Actions that need no outside facts; submit, approve-bank, issue-agreement and disburse have handlers of their own. */
export type SimpleLoanMove =
  | { action: 'amend'; amount?: number; tenureMonths?: number }
  | { action: 'accept' }
  | { action: 'approve-soft'; score: number; approvedAmount?: number }
  | { action: 'sign-agreement'; documentHash: string }
  | { action: 'approve-final' }
  | { action: 'reject'; reason: string }
  | { action: 'cancel'; reason: string };

export class MoveLoanCommand {
  constructor(
    readonly actor: Actor,
    readonly loanId: string,
    readonly move: SimpleLoanMove,
    readonly note?: string,
    readonly idempotencyKey?: string,
  ) {}
}

@CommandHandler(MoveLoanCommand)
export class MoveLoanHandler implements ICommandHandler<MoveLoanCommand> {
  constructor(
    private readonly executor: LoanCommandExecutor,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ actor, loanId, move, note, idempotencyKey }: MoveLoanCommand) {
    const base = { loanId, actor, at: this.clock.now().toISOString(), ...(note ? { reason: note } : {}) };
    return this.executor.execute(toCommand(move, base), { idempotencyKey, request: { move, note } });
  }
}

function toCommand(move: SimpleLoanMove, base: { loanId: string; actor: Actor; at: string; reason?: string }): LoanCommand {
  switch (move.action) {
    case 'amend':
      return { type: 'AmendLoanApplication', data: { ...base, amount: move.amount, tenureMonths: move.tenureMonths } };
    case 'accept':
      return { type: 'AcceptLoanApplication', data: base };
    case 'approve-soft':
      return { type: 'ApproveSoftCheck', data: { ...base, score: move.score, approvedAmount: move.approvedAmount } };
    case 'sign-agreement':
      return { type: 'SignAgreement', data: { ...base, documentHash: move.documentHash } };
    case 'approve-final':
      return { type: 'GrantFinalApproval', data: base };
    case 'reject':
      return { type: 'RejectLoan', data: { ...base, reason: move.reason } };
    case 'cancel':
      return { type: 'CancelLoan', data: { ...base, reason: move.reason } };
  }
}
