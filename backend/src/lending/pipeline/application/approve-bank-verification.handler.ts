import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { BorrowerDirectory } from '../../../identity/public/index.js';
import { BankAccounts, type BankSectionOnFile } from '../../../origination/public/index.js';
import {
  accountToVerify,
  BankVerificationFailed,
  type BankCheck,
  type BankSectionState,
  type BankVerificationMethod,
} from '../domain/bank-verification.js';
import { allowedActions } from '../../loan/domain/loan-actions.js';
import { IllegalTransition, LoanNotFound } from '../../loan/domain/loan.errors.js';
import type { Actor } from '../../loan/domain/loan.types.js';
import { PENNY_DROP, type PennyDrop } from '../payouts/penny-drop.port.js';
import { LoanCommandExecutor } from '../../loan/application/loan-command-executor.js';
import { CLOCK, type Clock } from '../../../platform/clock.js';

export class ApproveBankVerificationCommand {
  constructor(
    readonly actor: Actor,
    readonly loanId: string,
    readonly method: BankVerificationMethod,
    /** The staff note; required (the reason) for a manual verification. */
    readonly note?: string,
    readonly idempotencyKey?: string,
  ) {}
}

const sectionState = (section: BankSectionOnFile): BankSectionState =>
  section.status === 'missing' || section.status === 'rejected'
    ? section
    : {
        status: section.status,
        account: {
          holderName: section.holderName,
          accountLast4: section.accountLast4,
          ifsc: section.ifsc,
          accountType: section.accountType,
        },
      };

/**
 * The bank-verification stage (bank.pending -> consent.pending): reads the borrower's Bank section (origination's
 * BankAccounts port), and for a penny drop asks the PennyDrop port, then lets the decider judge (bankVerificationRecord)
 * and record how the account was verified. The state is checked first, so a refused move costs no penny drop; a
 * repeat with the same idempotency key answers as the first did without a second one.
 */
@CommandHandler(ApproveBankVerificationCommand)
export class ApproveBankVerificationHandler implements ICommandHandler<ApproveBankVerificationCommand> {
  constructor(
    private readonly executor: LoanCommandExecutor,
    private readonly bankAccounts: BankAccounts,
    private readonly borrowers: BorrowerDirectory,
    @Inject(PENNY_DROP) private readonly pennyDrop: PennyDrop,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ actor, loanId, method, note, idempotencyKey }: ApproveBankVerificationCommand) {
    const request = { method, note };
    const repeat = await this.executor.previousAnswer(actor, idempotencyKey, loanId, 'ApproveBankVerification', request);
    if (repeat) return repeat;
    const loaded = await this.executor.load(loanId, actor);
    const loan = loaded.state;
    if (loan.status === 'none') throw new LoanNotFound(loanId);
    if (!allowedActions(loan.status).includes('approve-bank'))
      throw new IllegalTransition(loan.status, 'approve-bank', allowedActions(loan.status));
    const section = await this.bankAccounts.bankSectionOf(loan.borrowerId);
    const account = accountToVerify(sectionState(section));
    let check: BankCheck;
    if (method === 'manual') {
      check = { method, account };
    } else {
      const accountNumber = section.status === 'complete' || section.status === 'verified' ? section.accountNumber : undefined;
      if (!accountNumber) {
        throw new BankVerificationFailed(
          'The stored account number cannot be read, so no penny drop was sent: ask the borrower to enter their account number again (Profile, Bank), or verify manually with a reason.',
          { reference: null },
        );
      }
      const borrower = await this.borrowers.profileOf(loan.borrowerId);
      const pennyDrop = await this.pennyDrop.verify({ loanId, accountNumber, ifsc: account.ifsc, holderName: account.holderName });
      check = { method, account, borrowerName: borrower?.name ?? '', pennyDrop };
    }
    return this.executor.execute(
      {
        type: 'ApproveBankVerification',
        data: { loanId, actor, at: this.clock.now().toISOString(), check, ...(note ? { reason: note } : {}) },
      },
      { idempotencyKey, loaded, request },
    );
  }
}
