import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler, type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { BorrowerDirectory } from '../../identity/public/index.js';
import { CLOCK, type Clock } from '../../platform/clock.js';
import { BorrowerConsentsRepository, type StoredConsent } from '../consents/borrower-consents.repository.js';
import { decideWithdrawal, PURPOSE_LABELS, type ConsentDependents, type ConsentPurpose } from '../domain/consents.js';
import { consentNotGiven, consentRequired, customerNotFound } from '../domain/origination.errors.js';
import { BorrowerConsentDependents } from '../public/consent-dependents.port.js';

/** A consent as the borrower and staff read it; `withdrawal` says whether it may be withdrawn now, and why not. */
export type ConsentView = {
  id: string;
  purpose: ConsentPurpose;
  label: string;
  version: string;
  textHash: string;
  text: string;
  channel: string;
  givenAt: string;
  withdrawnAt: string | null;
  withdrawal: { allowed: true } | { allowed: false; reason: string } | null;
};

function consentView(consent: StoredConsent, dependents: ConsentDependents): ConsentView {
  const decision = consent.withdrawnAt ? null : decideWithdrawal(consent.purpose, dependents);
  return {
    id: consent.id,
    purpose: consent.purpose,
    label: PURPOSE_LABELS[consent.purpose],
    version: consent.version,
    textHash: consent.textHash,
    text: consent.text,
    channel: consent.channel,
    givenAt: consent.givenAt.toISOString(),
    withdrawnAt: consent.withdrawnAt?.toISOString() ?? null,
    withdrawal: decision && (decision.allowed ? { allowed: true } : { allowed: false, reason: decision.reason }),
  };
}

/** A borrower's consents, newest first (`forStaff`: a customer's, 404 for an unknown customer). */
export class GetConsentsQuery {
  constructor(
    readonly borrowerId: string,
    readonly forStaff = false,
  ) {}
}

@QueryHandler(GetConsentsQuery)
export class GetConsentsHandler implements IQueryHandler<GetConsentsQuery> {
  constructor(
    private readonly consents: BorrowerConsentsRepository,
    private readonly dependents: BorrowerConsentDependents,
    private readonly borrowers: BorrowerDirectory,
  ) {}

  async execute({ borrowerId, forStaff }: GetConsentsQuery): Promise<ConsentView[]> {
    if (forStaff && !(await this.borrowers.profileOf(borrowerId))) throw customerNotFound(borrowerId);
    const [stored, dependents] = await Promise.all([this.consents.all(borrowerId), this.dependents.of(borrowerId)]);
    return stored.map((c) => consentView(c, dependents));
  }
}

/** The borrower withdraws their consent for a purpose, where the rules allow it; the record stays, withdrawn. Answers all of them. */
export class WithdrawConsent {
  constructor(
    readonly borrowerId: string,
    readonly purpose: ConsentPurpose,
  ) {}
}

@CommandHandler(WithdrawConsent)
export class WithdrawConsentHandler implements ICommandHandler<WithdrawConsent> {
  constructor(
    private readonly consents: BorrowerConsentsRepository,
    private readonly dependents: BorrowerConsentDependents,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ borrowerId, purpose }: WithdrawConsent): Promise<ConsentView[]> {
    const stored = await this.consents.all(borrowerId);
    if (!stored.some((c) => c.purpose === purpose && !c.withdrawnAt)) throw consentNotGiven(purpose);
    const dependents = await this.dependents.of(borrowerId);
    const decision = decideWithdrawal(purpose, dependents);
    if (!decision.allowed) throw consentRequired(purpose, decision.reason);
    await this.consents.withdraw(borrowerId, purpose, this.clock.now());
    return (await this.consents.all(borrowerId)).map((c) => consentView(c, dependents));
  }
}
