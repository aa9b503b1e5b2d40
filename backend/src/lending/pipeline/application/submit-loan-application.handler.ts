import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { BorrowerDirectory } from '../../../identity/public/index.js';
import { ProfileCompleteness } from '../../../origination/public/index.js';
import type { Actor } from '../../loan/domain/loan.types.js';
import { LoanCommandExecutor } from '../../loan/application/loan-command-executor.js';
import { LoanProducts } from '../../loan/application/loan-products.port.js';
import { CLOCK, type Clock } from '../../../platform/clock.js';

export class SubmitLoanApplicationCommand {
  constructor(
    readonly actor: Actor,
    readonly loanId: string,
    readonly idempotencyKey?: string,
  ) {}
}

/**
 * Submission needs the borrower's profile to be complete: contact fields and the sections the loan's pinned product
 * version requires are read here and handed to the decider.
 */
@CommandHandler(SubmitLoanApplicationCommand)
export class SubmitLoanApplicationHandler implements ICommandHandler<SubmitLoanApplicationCommand> {
  constructor(
    private readonly executor: LoanCommandExecutor,
    private readonly borrowers: BorrowerDirectory,
    private readonly profiles: ProfileCompleteness,
    private readonly catalog: LoanProducts,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ actor, loanId, idempotencyKey }: SubmitLoanApplicationCommand) {
    const loaded = await this.executor.load(loanId, actor);
    const borrowerId = loaded.state.status === 'none' ? actor.id : loaded.state.borrowerId;
    const borrower = await this.borrowers.profileOf(borrowerId);
    const missingContact = !borrower
      ? ['profile']
      : (['name', 'email', 'phone'] as const).filter((field) => !borrower[field] || String(borrower[field]).trim() === '');
    // The pinned product version's required profile sections (origination) must be complete too; the 422 lists what is missing.
    const required = borrower && loaded.state.status !== 'none' ? await this.catalog.requiredProfileSectionsOf(loaded.state) : [];
    const missingSections = required.length > 0 ? await this.profiles.missingSections(borrowerId, required) : [];
    const missingProfileFields = [...new Set([...missingContact, ...missingSections])];
    return this.executor.execute(
      { type: 'SubmitLoanApplication', data: { loanId, actor, at: this.clock.now().toISOString(), missingProfileFields } },
      { idempotencyKey, loaded },
    );
  }
}
