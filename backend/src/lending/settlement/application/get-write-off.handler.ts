import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DB, type Db } from '../../../platform/database/database.js';
import { type WriteOffView } from './settlement.view.js';
import { loanWriteOff } from './settlement-records.js';

export class GetWriteOffQuery extends Query<WriteOffView> {
  constructor(readonly loanId: string) {
    super();
  }
}

/** A loan's write-off: none, requested (waiting for a second person) or approved, with what was written off. */
@QueryHandler(GetWriteOffQuery)
export class GetWriteOffHandler implements IQueryHandler<GetWriteOffQuery> {
  constructor(@Inject(DB) private readonly db: Db) {}

  execute({ loanId }: GetWriteOffQuery): Promise<WriteOffView> {
    return loanWriteOff(this.db, loanId);
  }
}
