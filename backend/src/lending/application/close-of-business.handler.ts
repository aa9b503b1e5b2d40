import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Actor } from '../domain/loan.types.js';
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
  constructor(private readonly closeOfBusiness: CloseOfBusiness) {}

  execute({ actor, date }: RunCloseOfBusinessCommand): Promise<CloseOfBusinessResult> {
    return this.closeOfBusiness.run(actor, date);
  }
}
