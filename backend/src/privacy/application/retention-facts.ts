import { Inject, Injectable } from '@nestjs/common';
import { LoanPersonalData } from '../../lending/public/index.js';
import { BUSINESS_DATE, calendarDateIn, type BusinessDate } from '../../platform/business-date/business-date.port.js';
import { retentionDuty, type RetentionDuty } from '../domain/retention.js';

/** The retention duty on a borrower today: their applications and loans from lending, read on the business date. */
@Injectable()
export class RetentionFacts {
  constructor(
    private readonly loans: LoanPersonalData,
    @Inject(BUSINESS_DATE) private readonly businessDate: BusinessDate,
  ) {}

  async dutyOf(borrowerId: string): Promise<RetentionDuty> {
    const [relationship, { date, timeZone }] = await Promise.all([this.loans.relationshipOf(borrowerId), this.businessDate.status()]);
    return retentionDuty(
      relationship.map((r) => ({ ...r, endedOn: r.endedAt === null ? null : calendarDateIn(timeZone, new Date(r.endedAt)) })),
      date,
    );
  }
}
