import { Inject } from '@nestjs/common';
import { Command, CommandHandler, Query, QueryHandler, type ICommandHandler, type IQueryHandler } from '@nestjs/cqrs';
import { BUSINESS_DATE, type BusinessDate, type BusinessDateStatus } from '../../../platform/business-date/business-date.port.js';
import type { Actor } from '../../loan/domain/loan.types.js';

export class GetBusinessDateQuery extends Query<BusinessDateStatus> {}

@QueryHandler(GetBusinessDateQuery)
export class GetBusinessDateHandler implements IQueryHandler<GetBusinessDateQuery> {
  constructor(@Inject(BUSINESS_DATE) private readonly businessDate: BusinessDate) {}

  execute() {
    return this.businessDate.status();
  }
}

export class SetBusinessDateCommand extends Command<BusinessDateStatus> {
  constructor(
    readonly actor: Actor,
    readonly date: string,
  ) {
    super();
  }
}

/** Manual mode only (the port refuses otherwise); audited by the port: who, when, from, to. */
@CommandHandler(SetBusinessDateCommand)
export class SetBusinessDateHandler implements ICommandHandler<SetBusinessDateCommand> {
  constructor(@Inject(BUSINESS_DATE) private readonly businessDate: BusinessDate) {}

  execute({ actor, date }: SetBusinessDateCommand) {
    return this.businessDate.set(date, actor.id);
  }
}
