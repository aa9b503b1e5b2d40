import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Metrics } from '../../../platform/observability/metrics.js';
import type { Actor } from '../../loan/domain/loan.types.js';
import { CloseOfBusiness, type CloseOfBusinessResult } from './close-of-business.js';

export class RunCloseOfBusinessCommand extends Command<CloseOfBusinessResult> {
  constructor(
    readonly actor: Actor,
    readonly date?: string,
  ) {
    super();
  }
}

/** On demand (POST /api/admin/close-of-business, the CLI): ages the book through the date and answers the totals. */
@CommandHandler(RunCloseOfBusinessCommand)
export class RunCloseOfBusinessHandler implements ICommandHandler<RunCloseOfBusinessCommand> {
  constructor(
    private readonly closeOfBusiness: CloseOfBusiness,
    private readonly metrics: Metrics,
  ) {}

  /** The last run's duration and book size go to close_of_business_duration_seconds / close_of_business_loans_total. */
  async execute({ actor, date }: RunCloseOfBusinessCommand): Promise<CloseOfBusinessResult> {
    const started = process.hrtime.bigint();
    const result = await this.closeOfBusiness.run(actor, date);
    this.metrics.closeOfBusinessDuration.set(Number(process.hrtime.bigint() - started) / 1e9);
    this.metrics.closeOfBusinessLoans.set(result.loansProcessed);
    return result;
  }
}
