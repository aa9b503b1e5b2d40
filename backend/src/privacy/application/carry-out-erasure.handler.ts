import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { HelpIssuePersonalData } from '../../content/public/index.js';
import { MessagePersonalData } from '../../communications/public/index.js';
import { AccountPersonalData, BorrowerDirectory } from '../../identity/public/index.js';
import { ProfilePersonalData } from '../../origination/public/index.js';
import { CLOCK, type Clock } from '../../platform/clock.js';
import { DB, type Db } from '../../platform/database/database.js';
import { assertWaiting, ErasureRequestNotFound } from '../domain/erasure-request.js';
import { erasedWhat, erasurePlan, type ErasablePart, type ErasedLine } from '../domain/retention.js';
import { ErasureRequestsRepository } from './erasure-requests.repository.js';
import { RetentionFacts } from './retention-facts.js';
import { staffErasureRequestView, type StaffErasureRequestView } from './staff-erasure-request.view.js';

/** Staff carry out a borrower's erasure request: what no law makes us keep is erased, the rest kept with why and until when. */
export class CarryOutErasure {
  constructor(
    readonly id: string,
    readonly actorId: string,
  ) {}
}

/**
 * One transaction for the whole erasure, across every context (each port erases in the transaction it is handed), and
 * the request's answer written in it: all of it happens, or none. Two things follow the commit, as they cannot be in
 * it: the uploads' bytes are deleted from object storage, and the contexts that copy contact details are told.
 */
@CommandHandler(CarryOutErasure)
export class CarryOutErasureHandler implements ICommandHandler<CarryOutErasure> {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly requests: ErasureRequestsRepository,
    private readonly facts: RetentionFacts,
    private readonly account: AccountPersonalData,
    private readonly profile: ProfilePersonalData,
    private readonly messages: MessagePersonalData,
    private readonly issues: HelpIssuePersonalData,
    private readonly borrowers: BorrowerDirectory,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ id, actorId }: CarryOutErasure): Promise<StaffErasureRequestView> {
    const waiting = await this.requests.one(id);
    if (!waiting) throw new ErasureRequestNotFound(id);
    assertWaiting(waiting);
    const { borrowerId } = waiting;
    const [duty, borrower] = await Promise.all([this.facts.dutyOf(borrowerId), this.borrowers.profileOf(borrowerId)]);
    const phone = borrower?.phone ?? null;
    const { erase, kept } = erasurePlan(duty);
    const at = this.clock.now();
    const uploads: string[] = [];
    await this.db.transaction().execute(async (trx) => {
      const locked = await this.requests.one(id, trx, true);
      if (!locked) throw new ErasureRequestNotFound(id);
      assertWaiting(locked);
      const erased: ErasedLine[] = [];
      const eraseOne: Record<ErasablePart, () => Promise<number>> = {
        'push-devices': () => this.messages.erasePushDevices(trx, borrowerId),
        sessions: () => this.account.eraseSessions(trx, borrowerId),
        'marketing-consent': () => this.profile.withdrawMarketing(trx, borrowerId, at),
        profile: async () => {
          const done = await this.profile.eraseProfile(trx, borrowerId);
          uploads.push(...done.uploads);
          return done.sections + done.uploads.length + done.leads;
        },
        'help-issues': () => this.issues.eraseIssues(trx, borrowerId),
        messages: () => this.messages.eraseMessages(trx, borrowerId, phone),
        account: async () => {
          await this.account.anonymise(trx, borrowerId);
          return 1;
        },
      };
      for (const part of erase) erased.push({ part, what: erasedWhat(part), count: await eraseOne[part]() });
      await this.requests.carriedOut(trx, id, actorId, at, { duty, erased, kept });
    });
    await this.profile.deleteUploads(uploads);
    if (erase.includes('account')) await this.account.announce(borrowerId);
    const done = await this.requests.one(id);
    return staffErasureRequestView(done!, await this.borrowers.profileOf(borrowerId));
  }
}
