import { Command, CommandHandler, Query, QueryHandler, type ICommandHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { ListParams } from '../../../platform/query/list-params.js';
import type { Actor } from '../../loan/domain/loan.types.js';
import type { RejectedRecord } from '../domain/bureau/bureau-file.js';
import { BureauRuns, type BureauRun, type BureauRunFile } from './bureau-runs.js';

export class GenerateBureauFileCommand extends Command<BureauRun> {
  constructor(
    readonly month: string,
    readonly actor: Actor,
  ) {
    super();
  }
}

/** Generates and stores the month's bureau file (a month that has ended); answers the run. */
@CommandHandler(GenerateBureauFileCommand)
export class GenerateBureauFileHandler implements ICommandHandler<GenerateBureauFileCommand> {
  constructor(private readonly runs: BureauRuns) {}

  execute({ month, actor }: GenerateBureauFileCommand) {
    return this.runs.generate(month, actor);
  }
}

export class ListBureauRunsQuery extends Query<{ rows: BureauRun[]; total: number }> {
  constructor(readonly range: ListParams['range']) {
    super();
  }
}

/** The runs, newest first. */
@QueryHandler(ListBureauRunsQuery)
export class ListBureauRunsHandler implements IQueryHandler<ListBureauRunsQuery> {
  constructor(private readonly runs: BureauRuns) {}

  execute({ range }: ListBureauRunsQuery) {
    return this.runs.list(range);
  }
}

export class GetBureauRunQuery extends Query<BureauRun> {
  constructor(readonly id: string) {
    super();
  }
}

/** One run: its month, counts and file name. */
@QueryHandler(GetBureauRunQuery)
export class GetBureauRunHandler implements IQueryHandler<GetBureauRunQuery> {
  constructor(private readonly runs: BureauRuns) {}

  execute({ id }: GetBureauRunQuery) {
    return this.runs.get(id);
  }
}

export class GetBureauRunFileQuery extends Query<BureauRunFile> {
  constructor(readonly id: string) {
    super();
  }
}

/** The run's file exactly as it passed its check. */
@QueryHandler(GetBureauRunFileQuery)
export class GetBureauRunFileHandler implements IQueryHandler<GetBureauRunFileQuery> {
  constructor(private readonly runs: BureauRuns) {}

  execute({ id }: GetBureauRunFileQuery) {
    return this.runs.file(id);
  }
}

export class GetBureauRunReportQuery extends Query<{ month: string; rejected: RejectedRecord[] }> {
  constructor(readonly id: string) {
    super();
  }
}

/** The records the run left out, with a reason per field. */
@QueryHandler(GetBureauRunReportQuery)
export class GetBureauRunReportHandler implements IQueryHandler<GetBureauRunReportQuery> {
  constructor(private readonly runs: BureauRuns) {}

  execute({ id }: GetBureauRunReportQuery) {
    return this.runs.report(id);
  }
}
