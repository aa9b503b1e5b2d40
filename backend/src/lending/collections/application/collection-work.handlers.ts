import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { BorrowerDirectory, StaffMembers } from '../../../identity/public/index.js';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config.js';
import { LoanMessages } from '../../public/loan-messages.port.js';
import type { BorrowerTold } from '../domain/collection-work.events.js';
import { BUSINESS_DATE, type BusinessDate } from '../../../platform/business-date/business-date.port.js';
import { CLOCK, type Clock } from '../../../platform/clock.js';
import { ConcurrencyError } from '../../../platform/event-store/event-store.errors.js';
import type { CollectionWorkCommand } from '../domain/collection-work.js';
import type { ContactChannel, ContactOutcome } from '../domain/collection-work.events.js';
import { InvalidLoanInput, LoanNotFound } from '../../loan/domain/loan.errors.js';
import type { Actor } from '../../loan/domain/loan.types.js';
import { LoanCommandExecutor, type LoadedLoan } from '../../loan/application/loan-command-executor.js';

export type AssignmentResult = { staffId: string | null; assigned: string[]; unchanged: string[]; position: number | null };

export class AssignCollectorCommand extends Command<AssignmentResult> {
  constructor(
    readonly actor: Actor,
    readonly loanIds: readonly string[],
    readonly staffId: string | null,
    /** One loan named in the path: an unknown loan is 404 and a loan not being serviced 409, as for any loan command. */
    readonly single: boolean,
  ) {
    super();
  }
}

/** A command decided again on the loan's new version when a concurrent write (a payment, COB) moved it; each try stamped by the clock. */
export async function executeRetrying(
  executor: LoanCommandExecutor,
  clock: Clock,
  command: (at: string) => CollectionWorkCommand,
  loaded?: LoadedLoan,
) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await executor.execute(command(clock.now().toISOString()), attempt === 1 && loaded ? { loaded } : {});
    } catch (error) {
      if (!(error instanceof ConcurrencyError) || attempt >= 3) throw error;
    }
  }
}

/**
 * Give loans to a collector (or take them back: staffId null), one loan or up to 500 at once. The collector must be
 * an active staff member with collections.view. Every loan is checked before any is assigned, so a bulk request
 * with one bad loan assigns none and names it (`loanIds.<index>`).
 */
@CommandHandler(AssignCollectorCommand)
export class AssignCollectorHandler implements ICommandHandler<AssignCollectorCommand> {
  constructor(
    private readonly executor: LoanCommandExecutor,
    private readonly staff: StaffMembers,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly directory: BorrowerDirectory,
    private readonly messages: LoanMessages,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ actor, loanIds, staffId, single }: AssignCollectorCommand): Promise<AssignmentResult> {
    if (staffId !== null && (await this.staff.activeMembersWith('collections.view', [staffId])).length === 0) {
      throw new InvalidLoanInput([
        { name: 'staffId', message: 'staffId must be an active staff member who can work collections (collections.view)' },
      ]);
    }
    const loaded = await Promise.all(loanIds.map((id) => this.executor.load(id)));
    if (!single) {
      const problems = loaded.flatMap(({ state }, index) =>
        state.status === 'none'
          ? [{ name: `loanIds.${index}`, message: `loan ${loanIds[index]} does not exist` }]
          : state.status !== 'active'
            ? [
                {
                  name: `loanIds.${index}`,
                  message: `loan ${loanIds[index]} is ${state.status}: only active loans are worked in collections`,
                },
              ]
            : [],
      );
      if (problems.length > 0) throw new InvalidLoanInput(problems);
    } else if (loaded[0]!.state.status === 'none') {
      throw new LoanNotFound(loanIds[0]!);
    }
    // Recovery conduct: each borrower is told the collector's name and contact before the collector is assigned; a
    // borrower with no phone to tell is named, and nothing is assigned.
    const collector = staffId === null ? undefined : (await this.staff.membersOf([staffId]))[0];
    const borrowers = new Map<string, { id: string; name: string; phone: string | null }>();
    if (collector) {
      const changing = loaded.flatMap(({ state }) =>
        state.status === 'active' && (state.collector?.staffId ?? null) !== staffId ? [state.borrowerId] : [],
      );
      for (const profile of await this.directory.profilesOf([...new Set(changing)])) borrowers.set(profile.id, profile);
      const untold = loaded.flatMap(({ state }, index) =>
        state.status === 'active' && (state.collector?.staffId ?? null) !== staffId && !borrowers.get(state.borrowerId)?.phone
          ? [
              {
                name: single ? 'id' : `loanIds.${index}`,
                message: `the borrower of loan ${loanIds[index]} has no phone to be told the collector's name and contact`,
              },
            ]
          : [],
      );
      if (untold.length > 0) throw new InvalidLoanInput(untold);
    }
    const result: AssignmentResult = { staffId, assigned: [], unchanged: [], position: null };
    for (const [index, loanId] of loanIds.entries()) {
      const { state } = loaded[index]!;
      let borrowerTold: BorrowerTold | undefined;
      if (collector && state.status === 'active' && (state.collector?.staffId ?? null) !== staffId) {
        const borrower = borrowers.get(state.borrowerId)!;
        const sent = await this.messages.sendCollectorNotice({
          loanId,
          borrower: { id: borrower.id, name: borrower.name, phone: borrower.phone! },
          collector: { id: collector.id, name: collector.name, email: collector.email },
          notice: collectorNotice(this.config.lender.name, loanId, collector),
        });
        borrowerTold = { ...sent, at: this.clock.now().toISOString() };
      }
      const answer = await executeRetrying(
        this.executor,
        this.clock,
        (at) => ({ type: 'AssignCollector', data: { loanId, at, actor, staffId, ...(borrowerTold ? { borrowerTold } : {}) } }),
        loaded[index],
      );
      if (answer.events.length > 0) {
        result.assigned.push(loanId);
        result.position = answer.position;
      } else {
        result.unchanged.push(loanId);
      }
    }
    return result;
  }
}

/** What the borrower is told before a collector works their loan: who, and how to reach them (RBI: recovery agents' details). */
export function collectorNotice(lenderName: string, loanId: string, collector: { name: string; email: string }): string {
  return (
    `${lenderName}: your loan ${loanId.slice(0, 8).toUpperCase()} is now handled by our collections officer ${collector.name}, ` +
    `who may contact you about it between 08:00 and 19:00. Contact: ${collector.email}. Check with us before paying anyone else.`
  );
}

export type ContactInput = { channel: ContactChannel; outcome: ContactOutcome; note: string; promiseToPayOn?: string };

export type RecordedContact = ContactInput & { loanId: string; businessDate: string; recordedBy: string; position: number };

export class RecordCollectionContactCommand extends Command<RecordedContact> {
  constructor(
    readonly actor: Actor,
    readonly loanId: string,
    readonly input: ContactInput,
  ) {
    super();
  }
}

/** A contact attempt on the business date, by the loan's collector (or staff with collections.manage). */
@CommandHandler(RecordCollectionContactCommand)
export class RecordCollectionContactHandler implements ICommandHandler<RecordCollectionContactCommand> {
  constructor(
    private readonly executor: LoanCommandExecutor,
    private readonly staff: StaffMembers,
    @Inject(BUSINESS_DATE) private readonly businessDate: BusinessDate,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ actor, loanId, input }: RecordCollectionContactCommand): Promise<RecordedContact> {
    const [businessDate, managers] = await Promise.all([
      this.businessDate.today(),
      this.staff.activeMembersWith('collections.manage', [actor.id]),
    ]);
    const mayWorkAnyLoan = managers.length > 0;
    const answer = await executeRetrying(this.executor, this.clock, (at) => ({
      type: 'RecordCollectionContact',
      data: { loanId, at, actor, ...input, businessDate, mayWorkAnyLoan },
    }));
    return { loanId, ...input, note: input.note.trim(), businessDate, recordedBy: actor.id, position: answer.position };
  }
}
