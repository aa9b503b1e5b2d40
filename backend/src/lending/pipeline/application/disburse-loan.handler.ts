import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { BankAccounts, type BankSectionOnFile } from '../../../origination/public/index.js';
import { BUSINESS_DATE, type BusinessDate } from '../../../platform/business-date/business-date.port.js';
import { CLOCK, type Clock } from '../../../platform/clock.js';
import { LoanCommandExecutor } from '../../loan/application/loan-command-executor.js';
import { allowedActions } from '../../loan/domain/loan-actions.js';
import { IllegalTransition, LoanNotFound } from '../../loan/domain/loan.errors.js';
import type { Actor } from '../../loan/domain/loan.types.js';
import type { BankSectionState } from '../domain/bank-verification.js';
import type { PayoutAccountFacts } from '../domain/payout-account.js';

/** The account staff say they paid: the whole number (compared here, never stored) and the IFSC. */
export type PayeeAccount = { accountNumber: string; ifsc: string };

export class DisburseLoanCommand {
  constructor(
    readonly actor: Actor,
    readonly loanId: string,
    readonly payout: { payoutReference: string; disbursedOn?: string; payeeAccount?: PayeeAccount },
    readonly note?: string,
    readonly idempotencyKey?: string,
  ) {}
}

const digits = (accountNumber: string) => accountNumber.replace(/[\s-]/g, '');

/** The section as the decider sees it (no account number), and the comparison of a named account with it. */
export function payoutAccountFacts(section: BankSectionOnFile, payee: PayeeAccount | undefined): PayoutAccountFacts {
  const state: BankSectionState =
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
  if (!payee) return { section: state };
  const onFile = section.status === 'complete' || section.status === 'verified' ? section.accountNumber : undefined;
  const number = digits(payee.accountNumber);
  return {
    section: state,
    requested: {
      accountLast4: number.slice(-4),
      ifsc: payee.ifsc,
      sameNumberAsSection: onFile !== undefined && digits(onFile) === number,
    },
  };
}

/**
 * The payout (disbursal.pending -> active): reads the borrower's Bank section (origination's BankAccounts port) so
 * the decider can refuse a payout to any account but the verified one (RBI Digital Lending Directions 2025, no
 * pass-through). A payout without a date is paid out on the business date (manual mode: the date staff set).
 */
@CommandHandler(DisburseLoanCommand)
export class DisburseLoanHandler implements ICommandHandler<DisburseLoanCommand> {
  constructor(
    private readonly executor: LoanCommandExecutor,
    private readonly bankAccounts: BankAccounts,
    @Inject(BUSINESS_DATE) private readonly businessDate: BusinessDate,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ actor, loanId, payout, note, idempotencyKey }: DisburseLoanCommand) {
    // The request as recorded for idempotency never holds the whole account number.
    const { payeeAccount, ...rest } = payout;
    const request = {
      move: {
        action: 'disburse',
        ...rest,
        ...(payeeAccount ? { payeeAccountLast4: digits(payeeAccount.accountNumber).slice(-4), ifsc: payeeAccount.ifsc } : {}),
      },
      note,
    };
    const repeat = await this.executor.previousAnswer(actor, idempotencyKey, loanId, 'DisburseLoan', request);
    if (repeat) return repeat;
    const loaded = await this.executor.load(loanId, actor);
    const loan = loaded.state;
    if (loan.status === 'none') throw new LoanNotFound(loanId);
    if (!allowedActions(loan.status).includes('disburse'))
      throw new IllegalTransition(loan.status, 'disburse', allowedActions(loan.status));
    const section = await this.bankAccounts.bankSectionOf(loan.borrowerId);
    const disbursedOn = payout.disbursedOn ?? (await this.businessDate.today());
    return this.executor.execute(
      {
        type: 'DisburseLoan',
        data: {
          loanId,
          actor,
          at: this.clock.now().toISOString(),
          ...(note ? { reason: note } : {}),
          payoutReference: payout.payoutReference,
          disbursedOn,
          payoutAccount: payoutAccountFacts(section, payeeAccount),
        },
      },
      { idempotencyKey, loaded, request },
    );
  }
}
