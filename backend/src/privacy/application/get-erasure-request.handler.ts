import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { BorrowerDirectory } from '../../identity/public/index.js';
import { ErasureRequestNotFound } from '../domain/erasure-request.js';
import { erasurePlanView, type ErasurePlanView } from './erasure-plan.view.js';
import { ErasureRequestsRepository } from './erasure-requests.repository.js';
import { RetentionFacts } from './retention-facts.js';
import { staffErasureRequestView, type StaffErasureRequestView } from './staff-erasure-request.view.js';

/** One erasure request for staff; a waiting one with what carrying it out now would erase and keep. */
export class GetErasureRequestQuery {
  constructor(readonly id: string) {}
}

@QueryHandler(GetErasureRequestQuery)
export class GetErasureRequestHandler implements IQueryHandler<GetErasureRequestQuery> {
  constructor(
    private readonly requests: ErasureRequestsRepository,
    private readonly borrowers: BorrowerDirectory,
    private readonly facts: RetentionFacts,
  ) {}

  async execute({ id }: GetErasureRequestQuery): Promise<StaffErasureRequestView & { plan: ErasurePlanView | null }> {
    const request = await this.requests.one(id);
    if (!request) throw new ErasureRequestNotFound(id);
    const [borrower, plan] = await Promise.all([
      this.borrowers.profileOf(request.borrowerId),
      request.status === 'requested' ? this.facts.dutyOf(request.borrowerId).then(erasurePlanView) : Promise.resolve(null),
    ]);
    return { ...staffErasureRequestView(request, borrower), plan };
  }
}
