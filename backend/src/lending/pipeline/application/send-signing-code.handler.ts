import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { BorrowerDirectory, PhoneVerification } from '../../../identity/public/index.js';
import { allowedActions } from '../../loan/domain/loan-actions.js';
import { IllegalTransition, LoanNotFound, NoRegisteredPhone } from '../../loan/domain/loan.errors.js';
import type { Actor } from '../../loan/domain/loan.types.js';
import { LoanCommandExecutor } from '../../loan/application/loan-command-executor.js';
import { maskedPhone } from '../../loan/application/queries/masked-phone.js';

export class SendSigningCodeCommand {
  constructor(
    readonly actor: Actor,
    readonly loanId: string,
    readonly ip: string,
  ) {}
}

/**
 * Sends the e-sign one-time code to the borrower's registered phone (never to a number the caller names), while the
 * agreement waits for the signature. Answers the phone masked and when the code expires, never the code.
 */
@CommandHandler(SendSigningCodeCommand)
export class SendSigningCodeHandler implements ICommandHandler<SendSigningCodeCommand> {
  constructor(
    private readonly executor: LoanCommandExecutor,
    private readonly borrowers: BorrowerDirectory,
    private readonly phones: PhoneVerification,
  ) {}

  async execute({ actor, loanId, ip }: SendSigningCodeCommand): Promise<{ phone: string; expiresAt: string }> {
    const loan = (await this.executor.load(loanId, actor)).state;
    if (loan.status === 'none') throw new LoanNotFound(loanId);
    if (!allowedActions(loan.status).includes('sign-agreement'))
      throw new IllegalTransition(loan.status, 'sign-agreement', allowedActions(loan.status));
    const phone = (await this.borrowers.profileOf(loan.borrowerId))?.phone;
    if (!phone) throw new NoRegisteredPhone();
    const { expiresAt } = await this.phones.sendCode(phone, 'e-sign', ip);
    return { phone: maskedPhone(phone), expiresAt };
  }
}
