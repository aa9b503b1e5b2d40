import { Inject, Injectable } from '@nestjs/common';
import { BUSINESS_DATE, type BusinessDate } from '../../../platform/business-date/business-date.port.js';
import { CLOCK, type Clock } from '../../../platform/clock.js';
import { executeRetrying } from './collection-work.handlers.js';
import { LoanCommandExecutor } from '../../loan/application/loan-command-executor.js';
import { ChannelContacts, type ChannelContact } from '../../public/channel-contacts.port.js';

/**
 * lending/public's ChannelContacts: the same CollectionContactRecorded a collector's own record appends, on the
 * business date, for any active loan (the channel authorized its caller).
 */
@Injectable()
export class ContactLogChannelContacts implements ChannelContacts {
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
