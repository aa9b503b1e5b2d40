import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { BorrowerSignUp, type SignUpContext, type SignUpCredential } from '../../identity/public/index.js';
import { quickStartNotStarted, quickStartOutOfOrder, signInInstead } from '../domain/origination.errors.js';
import { isResumable, landingPath, missingSteps, STEP_PAGES, type QuickStartAnswers } from '../domain/quick-start.js';
import { BorrowerConsentsRepository } from '../consents/borrower-consents.repository.js';
import { QUICK_START_PURPOSES, quickStartConsentText } from '../domain/consents.js';
import { CONSENT_KEYS, CONSENTS } from '../domain/quick-start.js';
import { QuickStartLeadsRepository } from '../leads/quick-start-leads.repository.js';
import { ProfileSectionsRepository } from '../profiles/profile-sections.repository.js';
import { QuickStartApplications } from '../public/quick-start-lending.port.js';
import { QuickStartGate } from './quick-start.commands.js';
import { CLOCK, type Clock } from '../../platform/clock.js';

export class FinishQuickStart {
  constructor(
    readonly proof: string | undefined,
    readonly credential: SignUpCredential,
    readonly context: SignUpContext,
  ) {}
}

/** The page the lead records once its quick start is over. */
const FINISHED = 'done';
/** Lending caps the pay day of a salary advance at the 28th; a later pay day leaves the product's default. */
const LAST_PAY_DAY = 28;

/**
 * Finishes a quick start with every step answered: the borrower (with a password or linked to a social sign-in; signed
 * in on this device, exactly as login), their
 * profile and employment sections from the answers, and the application in `new`; the lead converts to the borrower.
 * Once: a second finish waits for the first and is told to sign in. A finish that failed after the borrower was
 * created resumes with that borrower (same phone, same lead) and opens the application with the same idempotency key.
 */
@CommandHandler(FinishQuickStart)
export class FinishQuickStartHandler implements ICommandHandler<FinishQuickStart> {
  constructor(
    private readonly gate: QuickStartGate,
    private readonly leads: QuickStartLeadsRepository,
    private readonly sections: ProfileSectionsRepository,
    private readonly signUps: BorrowerSignUp,
    private readonly applications: QuickStartApplications,
    private readonly consents: BorrowerConsentsRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ proof, credential, context }: FinishQuickStart) {
    const phone = await this.gate.verifiedPhone(proof, context);
    const latest = await this.leads.latestFor(phone);
    if (latest?.applicationId) throw signInInstead();
    if (
      !latest ||
      (!latest.borrower_id && !isResumable({ updatedAt: latest.updated_at, borrowerId: null, status: latest.status }, this.clock.now()))
    ) {
      if (await this.gate.hasAccount(phone)) throw signInInstead();
      throw quickStartNotStarted();
    }
    return this.leads.whileFinishing(latest.id, async () => {
      const lead = (await this.leads.find(latest.id))!;
      if (lead.applicationId) throw signInInstead();
      const missing = missingSteps(lead.answers);
      if (missing.length > 0)
        throw quickStartOutOfOrder(
          missing,
          missing.map((s) => STEP_PAGES[s]),
        );
      const { basic, employment, income, loan, consents } = lead.answers as Required<QuickStartAnswers>;
      let session;
      if (lead.borrower_id) {
        session = await this.signUps.signInCreated(lead.borrower_id, context);
      } else {
        if (await this.gate.hasAccount(phone)) throw signInInstead();
        session = await this.signUps.signUp({ name: basic.name, email: basic.email, phone }, credential, context);
        await this.leads.linkBorrower(lead.id, session.user.id);
      }
      const borrower = { id: session.user.id, role: 'borrower' as const };
      // The consents as given on the consents step: its time and the text version accepted there (DPDP, issue 33 item 5).
      // A text not kept yet (answered before migration 0056) is kept only when the version accepted is today's.
      await this.consents.keepTexts(
        CONSENT_KEYS.filter((key) => consents[key].version === CONSENTS[key].version).map((key) =>
          quickStartConsentText(key, consents[key].version),
        ),
      );
      await this.consents.record(
        borrower.id,
        CONSENT_KEYS.map((key) => ({
          purpose: QUICK_START_PURPOSES[key],
          version: consents[key].version,
          givenAt: new Date(consents[key].at),
        })),
        'quick-start',
        `quick-start:${lead.id}`,
      );
      await this.sections.save(
        borrower.id,
        'profile',
        { dateOfBirth: basic.dateOfBirth, gender: basic.gender, maritalStatus: basic.maritalStatus },
        borrower,
      );
      await this.sections.save(borrower.id, 'employment', { ...employment, ...income }, borrower);
      const payDayOfMonth = loan.type === 'salaryAdvance' && income.payDayOfMonth <= LAST_PAY_DAY ? income.payDayOfMonth : undefined;
      const application = await this.applications.start(
        borrower.id,
        { type: loan.type, amount: loan.amount, tenureMonths: loan.tenureMonths, productId: loan.productId, payDayOfMonth },
        `quick-start-${lead.id}`,
      );
      await this.leads.finish(lead.id, application.id, FINISHED);
      return { ...session, loan: { id: application.id, type: application.type, state: application.state }, next: landingPath(application) };
    });
  }
}
