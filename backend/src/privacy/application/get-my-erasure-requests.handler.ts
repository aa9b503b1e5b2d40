import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { erasurePlanView, type ErasurePlanView } from './erasure-plan.view.js';
import { ErasureRequestsRepository } from './erasure-requests.repository.js';
import { erasureRequestView, type ErasureRequestView } from './erasure-request.view.js';
import { RetentionFacts } from './retention-facts.js';

/** The borrower's erasure requests, newest first, and what an erasure would erase and keep if carried out today. */
export class GetMyErasureRequestsQuery {
  constructor(readonly borrowerId: string) {}
}

@QueryHandler(GetMyErasureRequestsQuery)
export class GetMyErasureRequestsHandler implements IQueryHandler<GetMyErasureRequestsQuery> {
  constructor(
    private readonly requests: ErasureRequestsRepository,
    private readonly facts: RetentionFacts,
  ) {}

  async execute({ borrowerId }: GetMyErasureRequestsQuery): Promise<{ requests: ErasureRequestView[]; preview: ErasurePlanView }> {
    const [requests, duty] = await Promise.all([this.requests.ofBorrower(borrowerId), this.facts.dutyOf(borrowerId)]);
    return { requests: requests.map(erasureRequestView), preview: erasurePlanView(duty) };
  }
}
