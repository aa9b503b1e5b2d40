import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler, type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { BorrowerDirectory } from '../../identity/public/index.js';
import { CLOCK, type Clock } from '../../platform/clock.js';
import { BorrowerConsentsRepository, type StoredConsent } from '../consents/borrower-consents.repository.js';
import {
  decideWithdrawal,
  GIVABLE_CONSENTS,
  givableConsentText,
  isGivable,
  PURPOSE_LABELS,
  type ConsentDependents,
  type ConsentPurpose,
  type GivablePurpose,
} from '../domain/consents.js';
import { consentNotGivable, consentNotGiven, consentRequired, consentTextChanged, customerNotFound } from '../domain/origination.errors.js';
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

/** A consent the borrower may give at any time: its purpose in plain words, the text to read, and whether it is in force now. */
export type GivableConsentView = { purpose: GivablePurpose; label: string; version: string; text: string; inForce: boolean };

/** The consents the borrower may give at any time (communications), each with the text to read and whether it is in force. */
export class GetGivableConsentsQuery {
  constructor(readonly borrowerId: string) {}
}

@QueryHandler(GetGivableConsentsQuery)
export class GetGivableConsentsHandler implements IQueryHandler<GetGivableConsentsQuery> {
  constructor(private readonly consents: BorrowerConsentsRepository) {}

  async execute({ borrowerId }: GetGivableConsentsQuery): Promise<GivableConsentView[]> {
    const stored = await this.consents.all(borrowerId);
    return (Object.keys(GIVABLE_CONSENTS) as GivablePurpose[]).map((purpose) => ({
      purpose,
      label: PURPOSE_LABELS[purpose],
      version: GIVABLE_CONSENTS[purpose].version,
      text: GIVABLE_CONSENTS[purpose].text,
      inForce: stored.some((c) => c.purpose === purpose && !c.withdrawnAt),
    }));
  }
}

/**
 * The borrower gives a consent the law lets them give at any time (communications: offers and news), to the text
 * version they read. Given while one is in force, nothing new is recorded. Answers all their consents.
 */
export class GiveConsent {
  constructor(
    readonly borrowerId: string,
    readonly purpose: ConsentPurpose,
    readonly version: string,
  ) {}
}

@CommandHandler(GiveConsent)
export class GiveConsentHandler implements ICommandHandler<GiveConsent> {
  constructor(
    private readonly consents: BorrowerConsentsRepository,
    private readonly dependents: BorrowerConsentDependents,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ borrowerId, purpose, version }: GiveConsent): Promise<ConsentView[]> {
    if (!isGivable(purpose)) throw consentNotGivable(purpose);
    const text = givableConsentText(purpose);
    if (version !== text.version) throw consentTextChanged(purpose);
    const stored = await this.consents.all(borrowerId);
    if (!stored.some((c) => c.purpose === purpose && !c.withdrawnAt)) {
      const at = this.clock.now();
      await this.consents.keepTexts([text]);
      await this.consents.record(borrowerId, [{ purpose, version, givenAt: at }], 'portal', `portal:${at.toISOString()}`);
    }
    const dependents = await this.dependents.of(borrowerId);
    return (await this.consents.all(borrowerId)).map((c) => consentView(c, dependents));
  }
}
