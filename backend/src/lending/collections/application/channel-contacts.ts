import { Inject, Injectable } from '@nestjs/common';
import { BUSINESS_DATE, type BusinessDate } from '../../../platform/business-date/business-date.port.js';
import { CLOCK, type Clock } from '../../../platform/clock.js';
import type { ContactChannel, ContactOutcome } from '../domain/collection-work.events.js';
import type { Actor } from '../../loan/domain/loan.types.js';
import { executeRetrying } from './collection-work.handlers.js';
import { LoanCommandExecutor } from '../../loan/application/loan-command-executor.js';

/** A contact reported by a channel: who (a staff member at the dialer, or the IVR provider) and what came of it. */
export type ChannelContact = {
  loanId: string;
  channel: ContactChannel;
  outcome: ContactOutcome;
  note: string;
  promiseToPayOn?: string;
  actor: Actor;
};

/**
 * The collections contact log as communications' channels write to it (WhatsApp, IVR, the dialer): the same
 * CollectionContactRecorded a collector's own record appends, on the business date. The channel's caller was
 * authorized for the channel (dialer.use, a signed IVR webhook), so any active loan may be worked, assigned or not.
 */
@Injectable()
export class ChannelContacts {
  constructor(
    private readonly executor: LoanCommandExecutor,
    @Inject(BUSINESS_DATE) private readonly businessDate: BusinessDate,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async record({ loanId, actor, ...input }: ChannelContact): Promise<{ businessDate: string; position: number }> {
    const businessDate = await this.businessDate.today();
    const answer = await executeRetrying(this.executor, this.clock, (at) => ({
      type: 'RecordCollectionContact',
      data: { loanId, at, actor, ...input, businessDate, mayWorkAnyLoan: true },
    }));
    return { businessDate, position: answer.position };
  }
}
