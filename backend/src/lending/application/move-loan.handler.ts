import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { LoanCommand } from '../domain/loan.commands.js';
import type { Actor } from '../domain/loan.types.js';
import { LoanCommandExecutor } from './loan-command-executor.js';

/** Actions that need no outside facts; submit and issue-agreement have handlers of their own. */
export type SimpleLoanMove =
  | { action: 'amend'; amount?: number; tenureMonths?: number }
  | { action: 'accept' }
  | { action: 'approve-soft'; score: number; approvedAmount?: number }
  | { action: 'approve-bank'; bankAccountLast4?: string }
  | { action: 'sign-agreement'; documentHash: string }
  | { action: 'approve-final' }
  | { action: 'disburse'; payoutReference: string; disbursedOn?: string }
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
  constructor(private readonly executor: LoanCommandExecutor) {}

  execute({ actor, loanId, move, note, idempotencyKey }: MoveLoanCommand) {
    const now = new Date();
    const base = { loanId, actor, at: now.toISOString(), ...(note ? { reason: note } : {}) };
    return this.executor.execute(toCommand(move, base, now), { idempotencyKey, request: { move, note } });
  }
}

function toCommand(move: SimpleLoanMove, base: { loanId: string; actor: Actor; at: string; reason?: string }, now: Date): LoanCommand {
  switch (move.action) {
    case 'amend':
      return { type: 'AmendLoanApplication', data: { ...base, amount: move.amount, tenureMonths: move.tenureMonths } };
    case 'accept':
      return { type: 'AcceptLoanApplication', data: base };
    case 'approve-soft':
      return { type: 'ApproveSoftCheck', data: { ...base, score: move.score, approvedAmount: move.approvedAmount } };
    case 'approve-bank':
      return { type: 'ApproveBankVerification', data: { ...base, bankAccountLast4: move.bankAccountLast4 } };
    case 'sign-agreement':
      return { type: 'SignAgreement', data: { ...base, documentHash: move.documentHash } };
    case 'approve-final':
      return { type: 'GrantFinalApproval', data: base };
    case 'disburse':
      return { type: 'DisburseLoan', data: { ...base, payoutReference: move.payoutReference, disbursedOn: move.disbursedOn ?? now.toISOString().slice(0, 10) } };
    case 'reject':
      return { type: 'RejectLoan', data: { ...base, reason: move.reason } };
    case 'cancel':
      return { type: 'CancelLoan', data: { ...base, reason: move.reason } };
  }
}
