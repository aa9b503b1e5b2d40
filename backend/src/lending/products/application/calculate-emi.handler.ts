import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { emiSchedule } from '../../loan/domain/terms/emi-schedule.js';

export class CalculateEmiQuery {
  constructor(readonly input: { principal: number; annualRatePercent: number; months: number }) {}
}

@QueryHandler(CalculateEmiQuery)
export class CalculateEmiHandler implements IQueryHandler<CalculateEmiQuery> {
  async execute({ input }: CalculateEmiQuery) {
    const result = emiSchedule(input);
    return {
      emi: result.emi,
      totalInterest: result.totalInterest,
      totalPayable: result.totalPayable,
      schedule: result.schedule.map(({ number, principal, interest, balance }) => ({ number, principal, interest, balance })),
    };
  }
}
