import { Command, CommandHandler, Query, QueryHandler, type ICommandHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { ListParams } from '../../../platform/query/list-params.js';
import type { Actor } from '../../loan/domain/loan.types.js';
import { CloseOfBusinessRuns, type CloseOfBusinessRun } from './close-of-business-runs.js';

export class StartCloseOfBusinessRunCommand extends Command<CloseOfBusinessRun> {
  constructor(readonly actor: Actor) {
    super();
  }
}

/** Starts close of business through the day before the business date (manual mode); answers the run as it starts. */
@CommandHandler(StartCloseOfBusinessRunCommand)
export class StartCloseOfBusinessRunHandler implements ICommandHandler<StartCloseOfBusinessRunCommand> {
  constructor(private readonly runs: CloseOfBusinessRuns) {}

  execute({ actor }: StartCloseOfBusinessRunCommand) {
    return this.runs.start(actor);
  }
}

export class GetCloseOfBusinessRunQuery extends Query<CloseOfBusinessRun> {
  constructor(readonly id: string) {
    super();
  }
}

/** One run: its progress while it runs, its summary after. */
@QueryHandler(GetCloseOfBusinessRunQuery)
export class GetCloseOfBusinessRunHandler implements IQueryHandler<GetCloseOfBusinessRunQuery> {
  constructor(private readonly runs: CloseOfBusinessRuns) {}

  execute({ id }: GetCloseOfBusinessRunQuery) {
    return this.runs.get(id);
  }
}

export class ListCloseOfBusinessRunsQuery extends Query<{ rows: CloseOfBusinessRun[]; total: number }> {
  constructor(readonly range: ListParams['range']) {
    super();
  }
}

/** The runs started from the console, newest first. */
@QueryHandler(ListCloseOfBusinessRunsQuery)
export class ListCloseOfBusinessRunsHandler implements IQueryHandler<ListCloseOfBusinessRunsQuery> {
  constructor(private readonly runs: CloseOfBusinessRuns) {}

  execute({ range }: ListCloseOfBusinessRunsQuery) {
    return this.runs.list(range);
  }
}
