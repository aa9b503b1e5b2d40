import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { BorrowerDirectory, PhoneVerification } from '../../../identity/public/index.js';
import { allowedActions } from '../../loan/domain/loan-actions.js';
import { AgreementMismatch, IllegalTransition, LoanNotFound, NoRegisteredPhone } from '../../loan/domain/loan.errors.js';
import type { Actor, SigningEvidence } from '../../loan/domain/loan.types.js';
import { LoanCommandExecutor } from '../../loan/application/loan-command-executor.js';
import { maskedPhone } from '../../loan/application/queries/masked-phone.js';
import { CLOCK, type Clock } from '../../../platform/clock.js';
import { ConsentRecords } from '../../../origination/public/index.js';
import { BUREAU_REPORTING_CONSENT_TEXT, BUREAU_REPORTING_CONSENT_VERSION } from '../agreements/agreement-legal-text.js';

export type SigningClient = { ip: string; userAgent: string };

export class SignAgreementCommand {
  constructor(
    readonly actor: Actor,
    readonly loanId: string,
    readonly documentHash: string,
    readonly code: string,
    readonly client: SigningClient,
    readonly channel: SigningEvidence['channel'],
    readonly idempotencyKey?: string,
  ) {}
}

/**
 * The borrower signs the issued agreement after a one-time code sent to their registered phone (issue 14 item 6).
 * The state and the hash are checked before the code, so a refused move spends none of the code's five tries; the
 * code is checked by identity (same limits as everywhere); AgreementSigned records the hash, the code's verification,
 * the time, the client's address and user agent. The agreement's clauses on credit information companies are recorded
 * as the borrower's bureau-reporting consent, given at the time of signing (DPDP Act, issue 33 item 5).
 */
@CommandHandler(SignAgreementCommand)
export class SignAgreementHandler implements ICommandHandler<SignAgreementCommand> {
  constructor(
    private readonly executor: LoanCommandExecutor,
    private readonly borrowers: BorrowerDirectory,
    private readonly phones: PhoneVerification,
    private readonly consents: ConsentRecords,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ actor, loanId, documentHash, code, client, channel, idempotencyKey }: SignAgreementCommand) {
    const request = { documentHash, channel };
    const repeat = await this.executor.previousAnswer(actor, idempotencyKey, loanId, 'SignAgreement', request);
    if (repeat) return repeat;
    const loaded = await this.executor.load(loanId, actor);
    const loan = loaded.state;
    if (loan.status === 'none') throw new LoanNotFound(loanId);
    if (!allowedActions(loan.status).includes('sign-agreement'))
      throw new IllegalTransition(loan.status, 'sign-agreement', allowedActions(loan.status));
    if (documentHash !== loan.agreement?.documentHash) throw new AgreementMismatch(loan.agreement?.documentHash, documentHash);
    const phone = await this.registeredPhone(loan.borrowerId);
    // A retry with the same key may present the code its first attempt used (that attempt died before the append).
    const usedFor = idempotencyKey ? `sign-agreement:${loanId}:${actor.id}:${idempotencyKey}` : undefined;
    const { verifiedAt } = await this.phones.checkCode(phone, 'e-sign', code, client.ip, usedFor);
    const evidence: SigningEvidence = {
      channel,
      code: { purpose: 'e-sign', phone: maskedPhone(phone), verifiedAt },
      ip: client.ip,
      userAgent: client.userAgent.slice(0, 500),
    };
    const at = this.clock.now();
    const answer = await this.executor.execute(
      { type: 'SignAgreement', data: { loanId, actor, at: at.toISOString(), documentHash, evidence } },
      { idempotencyKey, loaded, request },
    );
    // Signing agrees to the clauses on credit information companies: the bureau-reporting consent, given now.
    await this.consents.recordGiven(
      loan.borrowerId,
      { purpose: 'bureau-reporting', version: BUREAU_REPORTING_CONSENT_VERSION, text: BUREAU_REPORTING_CONSENT_TEXT },
      { at, channel: 'agreement-signing', reference: `loan:${loanId}` },
    );
    return answer;
  }

  private async registeredPhone(borrowerId: string): Promise<string> {
    const phone = (await this.borrowers.profileOf(borrowerId))?.phone;
    if (!phone) throw new NoRegisteredPhone();
    return phone;
  }
}
