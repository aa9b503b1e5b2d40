import { Inject, Injectable } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { BorrowerDirectory, BorrowerSignUp, PhoneVerification, type SignUpContext } from '../../identity/public/index.js';
import { BUSINESS_DATE, type BusinessDate } from '../../platform/business-date/business-date.port.js';
import { CLOCK, type Clock } from '../../platform/clock.js';
import { quickStartInvalid, quickStartNotStarted, quickStartOutOfOrder, signInInstead } from '../domain/origination.errors.js';
import { BorrowerConsentsRepository } from '../consents/borrower-consents.repository.js';
import { quickStartConsentText } from '../domain/consents.js';
import {
  CONSENT_KEYS,
  CONSENTS,
  decideStep,
  isResumable,
  nextPage,
  STEP_PAGES,
  stepOutOfOrder,
  type QuickStartStep,
  type StepInput,
} from '../domain/quick-start.js';
import { QuickStartLeadsRepository, type QuickStartLeadRow } from '../leads/quick-start-leads.repository.js';
import { QuickStartProducts } from '../public/quick-start-lending.port.js';
import { quickStartView } from './quick-start.view.js';

export class StartQuickStart {
  constructor(
    readonly proof: string | undefined,
    readonly context: SignUpContext,
  ) {}
}

export class SaveQuickStartStep<S extends QuickStartStep = QuickStartStep> {
  constructor(
    readonly proof: string | undefined,
    readonly step: S,
    /** Already in the step's format (STEP_INPUT); the rules that need facts are checked here. */
    readonly input: StepInput<S>,
    readonly context: SignUpContext,
  ) {}
}

/**
 * What every quick start call begins with: the per-address limit, the phone proven by a one-time code (403 without a
 * valid proof), and no account on that phone yet (409 sign-in-instead: only the phone's owner, who just proved it,
 * learns that it has an account).
 */
@Injectable()
export class QuickStartGate {
  constructor(
    private readonly phones: PhoneVerification,
    private readonly borrowers: BorrowerDirectory,
    private readonly signUps: BorrowerSignUp,
  ) {}

  /** The limit and the proof: the phone this call is for. */
  async verifiedPhone(proof: string | undefined, context: SignUpContext): Promise<string> {
    await this.signUps.limitQuickStart(context.ip ?? 'unknown');
    return this.phones.verifiedPhone(proof, 'quick-start');
  }

  async verifiedNewPhone(proof: string | undefined, context: SignUpContext): Promise<string> {
    const phone = await this.verifiedPhone(proof, context);
    if (await this.hasAccount(phone)) throw signInInstead();
    return phone;
  }

  /** Whether a borrower has this (proven, E.164) phone: every entry stores phones in that one form. */
  async hasAccount(phone: string): Promise<boolean> {
    return (await this.borrowers.findByContact({ phone, email: null })).length > 0;
  }
}

/** The phone's quick start to resume: its latest, if not finished, closed or older than 30 days. */
export async function openQuickStart(leads: QuickStartLeadsRepository, phone: string, now: Date): Promise<QuickStartLeadRow | undefined> {
  const lead = await leads.latestFor(phone);
  return lead && isResumable({ updatedAt: lead.updated_at, borrowerId: lead.borrower_id, status: lead.status }, now) ? lead : undefined;
}

/** Starts a quick start for the proven phone (a new lead, source quickStart) or resumes the open one. */
@CommandHandler(StartQuickStart)
export class StartQuickStartHandler implements ICommandHandler<StartQuickStart> {
  constructor(
    private readonly gate: QuickStartGate,
    private readonly leads: QuickStartLeadsRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ proof, context }: StartQuickStart) {
    const phone = await this.gate.verifiedNewPhone(proof, context);
    const lead = (await openQuickStart(this.leads, phone, this.clock.now())) ?? (await this.leads.create(phone, STEP_PAGES.basic));
    return quickStartView(lead);
  }
}

/** Saves one step's answers on the lead (steps in order; going back to change one is fine); answers where to go next. */
@CommandHandler(SaveQuickStartStep)
export class SaveQuickStartStepHandler implements ICommandHandler<SaveQuickStartStep> {
  constructor(
    private readonly gate: QuickStartGate,
    private readonly leads: QuickStartLeadsRepository,
    private readonly products: QuickStartProducts,
    @Inject(BUSINESS_DATE) private readonly businessDate: BusinessDate,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly consents: BorrowerConsentsRepository,
  ) {}

  async execute({ proof, step, input, context }: SaveQuickStartStep) {
    const phone = await this.gate.verifiedNewPhone(proof, context);
    const now = this.clock.now();
    const lead = await openQuickStart(this.leads, phone, now);
    if (!lead) throw quickStartNotStarted();
    const [today, products] = await Promise.all([
      this.businessDate.today(),
      step === 'loan' ? this.products.offered() : Promise.resolve([]),
    ]);
    const decision = decideStep(step, input, { today, now, products });
    if (!decision.ok) throw quickStartInvalid(decision.problems);
    // The consent texts as shown now, kept under their versions: finish records the consents against them.
    if (step === 'consents') await this.consents.keepTexts(CONSENT_KEYS.map((key) => quickStartConsentText(key, CONSENTS[key].version)));
    const saved = await this.leads.saveAnswers(lead.id, (row) => {
      const missing = stepOutOfOrder(step, row.answers);
      if (missing) throw quickStartOutOfOrder([missing], [STEP_PAGES[missing]]);
      const answers = { ...row.answers, [step]: decision.value };
      const basic = step === 'basic' ? (decision.value as StepInput<'basic'>) : undefined;
      return { answers, page: nextPage(answers), name: basic?.name, email: basic?.email };
    });
    return quickStartView(saved);
  }
}
