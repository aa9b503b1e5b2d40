import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { LoanBorrowersRepository } from '../../loan/borrowers/loan-borrowers.repository.js';
import type { Actor, LoanType } from '../../loan/domain/loan.types.js';
import { LoanCommandExecutor, NEW_LOAN } from '../../loan/application/loan-command-executor.js';
import { LoanProducts } from '../../loan/application/loan-products.port.js';
import { CLOCK, type Clock } from '../../../platform/clock.js';

export class StartLoanApplicationCommand {
  constructor(
    readonly actor: Actor,
    readonly input: { type: LoanType; amount: number; tenureMonths?: number; payDayOfMonth?: number; productId?: string },
    readonly idempotencyKey?: string,
  ) {}
}

@CommandHandler(StartLoanApplicationCommand)
export class StartLoanApplicationHandler implements ICommandHandler<StartLoanApplicationCommand> {
  constructor(
    private readonly executor: LoanCommandExecutor,
    private readonly borrowers: LoanBorrowersRepository,
    private readonly catalog: LoanProducts,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ actor, input, idempotencyKey }: StartLoanApplicationCommand) {
    // The queues show and search the borrower's name from lending's own copy: make sure it has this borrower.
    await this.borrowers.ensure(actor.id);
    // A repeat answers as the first time, even if the product has been closed or edited since.
    const repeat = await this.executor.previousAnswer(actor, idempotencyKey, '', 'StartLoanApplication', input);
    if (repeat) return repeat;
    // The product's current version, pinned by the loan from here on (the first active one of the type if none named).
    const params = await this.catalog.forApplication(input.type, input.productId);
    const loanId = randomUUID();
    return this.executor.execute(
      {
        type: 'StartLoanApplication',
        data: {
          loanId,
          at: this.clock.now().toISOString(),
          actor,
          borrowerId: actor.id,
          loanType: input.type,
          amount: input.amount,
          tenureMonths: input.tenureMonths,
          payDayOfMonth: input.payDayOfMonth,
        },
      },
      { idempotencyKey, request: input, loaded: NEW_LOAN, params },
    );
  }
}
