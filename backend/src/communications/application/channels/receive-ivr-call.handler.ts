import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ChannelContacts, type ContactOutcome } from '../../../lending/public/index.js';
import { DB, type Db } from '../../../platform/database/database.js';
import { CLOCK, type Clock } from '../../../platform/clock.js';
import { IVR_PROVIDER, type IvrProvider } from '../../channel-providers/ivr-provider.port.js';

export const IVR_OUTCOMES = ['answered', 'no-answer', 'promised-to-pay', 'wrong-number'] as const;
export type IvrOutcome = (typeof IVR_OUTCOMES)[number];

/** A finished call the IVR provider reported (signature-checked): our loan id came back as its reference. */
export type IvrCallReport = {
  callId: string;
  loanId?: string;
  to: string;
  outcome: IvrOutcome;
  promiseToPayOn?: string;
  durationSeconds?: number;
  endedAt: Date;
};

export type IvrReceipt = { received: true; duplicate: boolean; id: string; contactLogged: boolean; contactError: string | null };

export class ReceiveIvrCallCommand extends Command<IvrReceipt> {
  constructor(readonly report: IvrCallReport) {
    super();
  }
}

/** An IVR outcome is a contact attempt by phone; its own outcome names match the contact log's. */
const CONTACT_OUTCOME: Record<IvrOutcome, ContactOutcome> = {
  answered: 'answered',
  'no-answer': 'no-answer',
  'promised-to-pay': 'promised-to-pay',
  'wrong-number': 'wrong-number',
};

/**
 * Records the outcome of an IVR call once per provider call id, on the call staff requested if there is one, and
 * writes it to the loan's collections contact log (lending's public entry). A replay answers `duplicate` and appends
 * nothing, unless an earlier delivery stored the call but stopped before the contact log: then it finishes that.
 * A loan the log refuses (not active any more, unknown) keeps the call with the reason in `contactError`.
 */
@CommandHandler(ReceiveIvrCallCommand)
export class ReceiveIvrCallHandler implements ICommandHandler<ReceiveIvrCallCommand> {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly contacts: ChannelContacts,
    @Inject(IVR_PROVIDER) private readonly provider: IvrProvider,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ report }: ReceiveIvrCallCommand): Promise<IvrReceipt> {
    const completed = {
      status: 'completed' as const,
      outcome: report.outcome,
      promise_to_pay_on: report.promiseToPayOn ?? null,
      duration_seconds: report.durationSeconds ?? null,
      ended_at: report.endedAt,
    };
    const claimed = await this.db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('ivr_calls')
        .set({ ...completed, updated_at: this.clock.now() })
        .where('provider_call_id', '=', report.callId)
        .where('status', '=', 'requested')
        .returning(['id', 'loan_id'])
        .executeTakeFirst();
      if (updated) return updated;
      return trx
        .insertInto('ivr_calls')
        .values({
          id: randomUUID(),
          provider_call_id: report.callId,
          loan_id: report.loanId ?? null,
          phone: report.to,
          requested_by: null,
          ...completed,
        })
        .onConflict((oc) => oc.column('provider_call_id').doNothing())
        .returning(['id', 'loan_id'])
        .executeTakeFirst();
    });
    if (claimed) return this.logContact(claimed.id, claimed.loan_id, report, false);
    const stored = await this.db
      .selectFrom('ivr_calls')
      .select(['id', 'loan_id', 'contact_logged', 'contact_error'])
      .where('provider_call_id', '=', report.callId)
      .executeTakeFirstOrThrow();
    if (stored.contact_logged || stored.contact_error !== null)
      return { received: true, duplicate: true, id: stored.id, contactLogged: stored.contact_logged, contactError: stored.contact_error };
    return this.logContact(stored.id, stored.loan_id, report, true);
  }

  private async logContact(id: string, loanId: string | null, report: IvrCallReport, duplicate: boolean): Promise<IvrReceipt> {
    if (!loanId) {
      const contactError = 'no loan: the call names none';
      await this.db.updateTable('ivr_calls').set({ contact_error: contactError }).where('id', '=', id).execute();
      return { received: true, duplicate, id, contactLogged: false, contactError };
    }
    try {
      await this.contacts.record({
        loanId,
        channel: 'call',
        outcome: CONTACT_OUTCOME[report.outcome],
        note: `IVR call ${report.callId}${report.durationSeconds !== undefined ? `, ${report.durationSeconds} s` : ''}`,
        ...(report.promiseToPayOn !== undefined ? { promiseToPayOn: report.promiseToPayOn } : {}),
        actor: { id: `ivr-provider:${this.provider.name}`, role: 'staff' },
      });
    } catch (error) {
      const contactError = error instanceof Error ? error.message.slice(0, 500) : 'the contact log refused the outcome';
      await this.db.updateTable('ivr_calls').set({ contact_error: contactError }).where('id', '=', id).execute();
      return { received: true, duplicate, id, contactLogged: false, contactError };
    }
    await this.db.updateTable('ivr_calls').set({ contact_logged: true }).where('id', '=', id).execute();
    return { received: true, duplicate, id, contactLogged: true, contactError: null };
  }
}
