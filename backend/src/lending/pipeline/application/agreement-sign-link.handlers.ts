import { Inject } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler, type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { BorrowerDirectory } from '../../../identity/public/index.js';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config.js';
import { AgreementDocumentsRepository } from '../agreements/agreement-documents.repository.js';
import { AgreementSignLinksRepository, type SignLink } from '../agreements/agreement-sign-links.repository.js';
import type { KeyFactStatement } from '../domain/kfs/key-fact-statement.js';
import { AgreementLinkInvalid } from '../../loan/domain/loan.errors.js';
import type { LoanRecord } from '../../loan/domain/loan.state.js';
import type { Actor } from '../../loan/domain/loan.types.js';
import { LoanCommandExecutor } from '../../loan/application/loan-command-executor.js';
import { loanKfs } from './loan-kfs.js';
import { maskedPhone } from '../../loan/application/queries/masked-phone.js';
import { SendSigningCodeCommand } from './send-signing-code.handler.js';
import { SignAgreementCommand, type SigningClient } from './sign-agreement.handler.js';

export type SignLinkView = {
  loanReference: string;
  loanType: string;
  borrowerName: string;
  documentHash: string;
  phone: string;
  expiresAt: string;
  kfs: KeyFactStatement;
};

/**
 * The loan a usable link signs, as its borrower: the link must be unused and unexpired, its agreement still the one
 * issued and still waiting for the signature. Anything else is the same 404, so a token tells nothing of its loan.
 */
async function linkedLoan(
  links: AgreementSignLinksRepository,
  executor: LoanCommandExecutor,
  token: string,
): Promise<{ link: SignLink; loan: LoanRecord; actor: Actor }> {
  const link = await links.findUsable(token);
  if (!link) throw new AgreementLinkInvalid();
  const loan = (await executor.load(link.loanId)).state;
  if (loan.status !== 'consent.customerpending' || loan.agreement?.documentHash !== link.documentHash) throw new AgreementLinkInvalid();
  return { link, loan, actor: { id: loan.borrowerId, role: 'borrower' } };
}

export class GetSignLinkQuery {
  constructor(readonly token: string) {}
}

@QueryHandler(GetSignLinkQuery)
export class GetSignLinkHandler implements IQueryHandler<GetSignLinkQuery> {
  constructor(
    private readonly links: AgreementSignLinksRepository,
    private readonly executor: LoanCommandExecutor,
    private readonly borrowers: BorrowerDirectory,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ token }: GetSignLinkQuery): Promise<SignLinkView> {
    const { link, loan } = await linkedLoan(this.links, this.executor, token);
    const borrower = await this.borrowers.profileOf(loan.borrowerId);
    return {
      loanReference: loan.id.slice(0, 8).toUpperCase(),
      loanType: loan.loanType,
      borrowerName: borrower?.name ?? '',
      documentHash: link.documentHash,
      phone: borrower?.phone ? maskedPhone(borrower.phone) : '',
      expiresAt: link.expiresAt.toISOString(),
      kfs: loanKfs(loan, this.config).kfs,
    };
  }
}

export class GetSignLinkDocumentQuery {
  constructor(readonly token: string) {}
}

@QueryHandler(GetSignLinkDocumentQuery)
export class GetSignLinkDocumentHandler implements IQueryHandler<GetSignLinkDocumentQuery> {
  constructor(
    private readonly links: AgreementSignLinksRepository,
    private readonly executor: LoanCommandExecutor,
    private readonly documents: AgreementDocumentsRepository,
  ) {}

  async execute({ token }: GetSignLinkDocumentQuery): Promise<{ loanId: string; content: Buffer; documentHash: string }> {
    const { link } = await linkedLoan(this.links, this.executor, token);
    const content = await this.documents.find(link.documentHash, link.loanId);
    if (!content) throw new AgreementLinkInvalid();
    return { loanId: link.loanId, content, documentHash: link.documentHash };
  }
}

export class SendSignLinkCodeCommand {
  constructor(
    readonly token: string,
    readonly ip: string,
  ) {}
}

/** Sends the e-sign code to the registered phone of the link's borrower. */
@CommandHandler(SendSignLinkCodeCommand)
export class SendSignLinkCodeHandler implements ICommandHandler<SendSignLinkCodeCommand> {
  constructor(
    private readonly links: AgreementSignLinksRepository,
    private readonly executor: LoanCommandExecutor,
    private readonly commands: CommandBus,
  ) {}

  async execute({ token, ip }: SendSignLinkCodeCommand): Promise<{ phone: string; expiresAt: string }> {
    const { loan, actor } = await linkedLoan(this.links, this.executor, token);
    return this.commands.execute(new SendSigningCodeCommand(actor, loan.id, ip));
  }
}

export class SignByLinkCommand {
  constructor(
    readonly token: string,
    readonly code: string,
    readonly client: SigningClient,
  ) {}
}

/**
 * Signs through the emailed link: the link is taken (atomically, so two requests cannot both use it) before the
 * code is checked, and given back if the signature fails (a wrong code can be corrected within the code's tries).
 */
@CommandHandler(SignByLinkCommand)
export class SignByLinkHandler implements ICommandHandler<SignByLinkCommand> {
  constructor(
    private readonly links: AgreementSignLinksRepository,
    private readonly executor: LoanCommandExecutor,
    private readonly commands: CommandBus,
  ) {}

  async execute({ token, code, client }: SignByLinkCommand): Promise<{ state: string; signedAt: string }> {
    const { link, loan, actor } = await linkedLoan(this.links, this.executor, token);
    if (!(await this.links.use(link.id))) throw new AgreementLinkInvalid();
    try {
      const result = await this.commands.execute<SignAgreementCommand, { state: string; signedAt: string | null }>(
        new SignAgreementCommand(actor, loan.id, link.documentHash, code, client, 'email-link'),
      );
      return { state: result.state, signedAt: result.signedAt ?? '' };
    } catch (error) {
      await this.links.release(link.id);
      throw error;
    }
  }
}
