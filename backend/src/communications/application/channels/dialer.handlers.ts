import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, Query, QueryHandler, type ICommandHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Actor } from '../../../identity/public/index.js';
import { ChannelContacts, CollectionConduct, OverdueBook, type ContactOutcome, type OverdueLoan } from '../../../lending/public/index.js';
import { CONTACT_WINDOW, localTimeOf } from '../../../lending/public/contact-window.js';
import { CLOCK, type Clock } from '../../../platform/clock.js';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config.js';
import { DB, type Db } from '../../../platform/database/database.js';
import { e164Phone } from '../../../platform/phone/phone-number.js';
import { DIALER_PROVIDER, type DialerProvider } from '../../channel-providers/dialer-provider.port.js';
import { ChannelInputRefused, ChannelNotFound, DialerClosed, DialerOutcomeAlreadyRecorded } from '../../domain/channel.errors.js';
import { dialerAvailability } from '../../domain/dialer-window.js';

export type DialerWindowView = {
  open: boolean;
  opens: string;
  closes: string;
  localTime: string;
  reason: string | null;
  opensAt: string | null;
};
export type DialerQueueView = { window: DialerWindowView; loans: (OverdueLoan & { id: string })[] };

/** Whether the dialer may call now, as the console shows it. */
function windowNow(clock: Clock, timeZone: string): DialerWindowView {
  const local = localTimeOf(clock.now(), timeZone);
  const availability = dialerAvailability(local);
  return {
    open: availability.open,
    opens: CONTACT_WINDOW.opens,
    closes: CONTACT_WINDOW.closes,
    localTime: `${local.date} ${local.time}`,
    reason: availability.open ? null : availability.reason,
    opensAt: availability.open ? null : `${availability.opensAt.date} ${availability.opensAt.time}`,
  };
}

export class GetDialerQueueQuery extends Query<DialerQueueView> {
  constructor(readonly limit: number) {
    super();
  }
}

/** The call list: the overdue book by days past due and amount, with the contact window at this moment. */
@QueryHandler(GetDialerQueueQuery)
export class GetDialerQueueHandler implements IQueryHandler<GetDialerQueueQuery> {
  constructor(
    private readonly book: OverdueBook,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ limit }: GetDialerQueueQuery): Promise<DialerQueueView> {
    const loans = await this.book.loans(limit);
    return { window: windowNow(this.clock, this.config.businessDate.timeZone), loans: loans.map((l) => ({ id: l.loanId, ...l })) };
  }
}

export type DialerCallView = {
  id: string;
  loanId: string;
  phone: string;
  providerCallId: string;
  startedAt: string;
  outcome: string | null;
  note: string | null;
  outcomeAt: string | null;
};

export class PlaceDialerCallCommand extends Command<DialerCallView> {
  constructor(
    readonly actor: Actor,
    readonly loanId: string,
  ) {
    super();
  }
}

/**
 * Click-to-call: the provider rings the staff member and bridges the borrower of an overdue loan. Refused outside
 * 08:00–19:00 in the borrower's time zone, beyond the borrower's daily contacts (COLLECTION_CONTACTS_PER_DAY_MAX), to
 * a reference's phone, and for a loan that is not in the overdue book.
 */
@CommandHandler(PlaceDialerCallCommand)
export class PlaceDialerCallHandler implements ICommandHandler<PlaceDialerCallCommand> {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly book: OverdueBook,
    @Inject(DIALER_PROVIDER) private readonly provider: DialerProvider,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly conduct: CollectionConduct,
  ) {}

  async execute({ actor, loanId }: PlaceDialerCallCommand): Promise<DialerCallView> {
    const window = windowNow(this.clock, this.config.businessDate.timeZone);
    if (!window.open) throw new DialerClosed(window.reason!);
    const loan = (await this.book.loans(Number.MAX_SAFE_INTEGER)).find((l) => l.loanId === loanId);
    if (!loan) throw new ChannelInputRefused([{ name: 'loanId', message: 'the loan is not in the overdue book' }]);
    if (!loan.phone) throw new ChannelInputRefused([{ name: 'loanId', message: "the borrower's phone number is not known" }]);
    // The provider is given E.164; a stored phone that does not read as a number is listed for staff (phone_collisions).
    const to = e164Phone(loan.phone);
    if (!to)
      throw new ChannelInputRefused([
        { name: 'loanId', message: `the borrower's phone (${loan.phone}) is not a number that can be called: see Phones to review` },
      ]);
    // Recovery conduct: the window again, the borrower's daily cap, and never a reference's phone.
    await this.conduct.assertMayContact({ loanId, channel: 'call', phone: to });
    const { providerCallId } = await this.provider.connect({ agentId: actor.id, to, reference: loanId });
    const id = randomUUID();
    const startedAt = this.clock.now();
    await this.db
      .insertInto('dialer_calls')
      .values({
        id,
        loan_id: loanId,
        phone: to,
        staff_id: actor.id,
        provider_call_id: providerCallId,
        outcome: null,
        note: null,
        started_at: startedAt,
        outcome_at: null,
      })
      .execute();
    return { id, loanId, phone: to, providerCallId, startedAt: startedAt.toISOString(), outcome: null, note: null, outcomeAt: null };
  }
}

export type DialerOutcomeInput = { outcome: ContactOutcome; note: string; promiseToPayOn?: string };

export class RecordDialerOutcomeCommand extends Command<DialerCallView & { businessDate: string; position: number }> {
  constructor(
    readonly actor: Actor,
    readonly callId: string,
    readonly input: DialerOutcomeInput,
  ) {
    super();
  }
}

/**
 * The outcome of a call staff placed, written to the loan's contact log (channel `call`) by the one who called.
 * Once per call: a second outcome is refused (409), so the log holds one entry per call.
 */
@CommandHandler(RecordDialerOutcomeCommand)
export class RecordDialerOutcomeHandler implements ICommandHandler<RecordDialerOutcomeCommand> {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly contacts: ChannelContacts,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ actor, callId, input }: RecordDialerOutcomeCommand) {
    const call = await this.db.selectFrom('dialer_calls').selectAll().where('id', '=', callId).executeTakeFirst();
    if (!call || call.staff_id !== actor.id) throw new ChannelNotFound(`No call ${callId} of yours`);
    // Claimed before the contact log is written, so two submissions of one call log it once; released if the log refuses.
    const outcomeAt = this.clock.now();
    const claimed = await this.db
      .updateTable('dialer_calls')
      .set({ outcome: input.outcome, note: input.note.trim(), outcome_at: outcomeAt })
      .where('id', '=', callId)
      .where('outcome', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) throw new DialerOutcomeAlreadyRecorded(callId);
    let recorded: { businessDate: string; position: number };
    try {
      recorded = await this.contacts.record({
        loanId: call.loan_id,
        channel: 'call',
        outcome: input.outcome,
        note: input.note,
        ...(input.promiseToPayOn !== undefined ? { promiseToPayOn: input.promiseToPayOn } : {}),
        actor,
      });
    } catch (error) {
      await this.db.updateTable('dialer_calls').set({ outcome: null, note: null, outcome_at: null }).where('id', '=', callId).execute();
      throw error;
    }
    const { businessDate, position } = recorded;
    return {
      id: call.id,
      loanId: call.loan_id,
      phone: call.phone,
      providerCallId: call.provider_call_id,
      startedAt: call.started_at.toISOString(),
      outcome: input.outcome,
      note: input.note.trim(),
      outcomeAt: outcomeAt.toISOString(),
      businessDate,
      position,
    };
  }
}
