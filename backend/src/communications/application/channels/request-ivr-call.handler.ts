import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { BorrowerDirectory, type Actor } from '../../../identity/public/index.js';
import { CollectionConduct } from '../../../lending/public/index.js';
import { CLOCK, type Clock } from '../../../platform/clock.js';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config.js';
import { DB, type Db } from '../../../platform/database/database.js';
import { e164Phone } from '../../../platform/phone/phone-number.js';
import { localTimeOf } from '../../../lending/public/contact-window.js';
import { IVR_PROVIDER, type IvrProvider } from '../../channel-providers/ivr-provider.port.js';
import { ChannelNotFound, DialerClosed } from '../../domain/channel.errors.js';
import { dialerAvailability } from '../../domain/dialer-window.js';
import type { IvrCallView } from './list-ivr-calls.handler.js';

export class RequestIvrCallCommand extends Command<IvrCallView> {
  constructor(
    readonly actor: Actor,
    readonly loanId: string,
  ) {
    super();
  }
}

/** The IVR flow that reads the borrower their overdue amount and takes a promise to pay (the provider's flow id). */
export const IVR_REMINDER_FLOW = 'overdue-reminder';

/**
 * Staff ask the IVR provider to call a loan's borrower with the reminder flow; only inside the contact window, like
 * every collection call. The call waits as `requested` until the provider's webhook reports its outcome.
 */
@CommandHandler(RequestIvrCallCommand)
export class RequestIvrCallHandler implements ICommandHandler<RequestIvrCallCommand> {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly directory: BorrowerDirectory,
    @Inject(IVR_PROVIDER) private readonly provider: IvrProvider,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly conduct: CollectionConduct,
  ) {}

  async execute({ actor, loanId }: RequestIvrCallCommand): Promise<IvrCallView> {
    const loan = await this.db.selectFrom('email_loan_contacts').select('borrower_id').where('loan_id', '=', loanId).executeTakeFirst();
    if (!loan) throw new ChannelNotFound(`No loan ${loanId}`);
    const borrower = await this.directory.profileOf(loan.borrower_id);
    const to = borrower?.phone ? e164Phone(borrower.phone) : undefined;
    if (!borrower || !to) throw new ChannelNotFound(`The borrower of loan ${loanId} has no phone number that can be called`);
    const now = this.clock.now();
    const availability = dialerAvailability(localTimeOf(now, this.config.businessDate.timeZone), 'ivr');
    if (!availability.open) throw new DialerClosed(availability.reason);
    // Recovery conduct: the borrower's daily cap, and never a reference's phone.
    await this.conduct.assertMayContact({ loanId, channel: 'ivr', phone: to });
    const { providerCallId } = await this.provider.startCall({ to, reference: loanId, flow: IVR_REMINDER_FLOW });
    const id = randomUUID();
    await this.db
      .insertInto('ivr_calls')
      .values({
        id,
        provider_call_id: providerCallId,
        loan_id: loanId,
        phone: to,
        status: 'requested',
        outcome: null,
        duration_seconds: null,
        ended_at: null,
        contact_error: null,
        requested_by: actor.id,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return {
      id,
      providerCallId,
      loanId,
      phone: to,
      borrowerName: borrower.name,
      status: 'requested',
      outcome: null,
      promiseToPayOn: null,
      durationSeconds: null,
      endedAt: null,
      contactLogged: false,
      contactError: null,
      createdAt: now.toISOString(),
    };
  }
}
