import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config.js';
import type { KeyFactStatement } from '../domain/kfs/key-fact-statement.js';
import { LoanNotFound } from '../../loan/domain/loan.errors.js';
import type { Actor } from '../../loan/domain/loan.types.js';
import { LoanCommandExecutor } from '../../loan/application/loan-command-executor.js';
import { loanKfs } from './loan-kfs.js';

export class GetLoanKfsQuery {
  constructor(
    readonly loanId: string,
    readonly viewer: Actor,
  ) {}
}

/** The loan's Key Facts Statement (a borrower's own loans only; staff any), the same one page 1 of its agreement prints. */
@QueryHandler(GetLoanKfsQuery)
export class GetLoanKfsHandler implements IQueryHandler<GetLoanKfsQuery> {
  constructor(
    private readonly executor: LoanCommandExecutor,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ loanId, viewer }: GetLoanKfsQuery): Promise<KeyFactStatement> {
    const loan = (await this.executor.load(loanId, viewer)).state;
    if (loan.status === 'none') throw new LoanNotFound(loanId);
    return loanKfs(loan, this.config).kfs;
  }
}
