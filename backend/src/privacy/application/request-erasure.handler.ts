import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CLOCK, type Clock } from '../../platform/clock.js';
import { ErasureAlreadyRequested } from '../domain/erasure-request.js';
import { erasurePlanView, type ErasurePlanView } from './erasure-plan.view.js';
import { ErasureRequestsRepository } from './erasure-requests.repository.js';
import { erasureRequestView, type ErasureRequestView } from './erasure-request.view.js';
import { RetentionFacts } from './retention-facts.js';

/** The borrower asks for their personal data to be erased (DPDP Act, 2023, s. 12). Staff carry it out. */
export class RequestErasure {
  constructor(
    readonly borrowerId: string,
    readonly reason: string | null,
  ) {}
}

/** The request recorded, with what carrying it out would erase and keep today (a running loan keeps its records). */
@CommandHandler(RequestErasure)
export class RequestErasureHandler implements ICommandHandler<RequestErasure> {
  constructor(
    private readonly requests: ErasureRequestsRepository,
    private readonly facts: RetentionFacts,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ borrowerId, reason }: RequestErasure): Promise<ErasureRequestView & { plan: ErasurePlanView }> {
    const added = await this.requests.add(borrowerId, reason, this.clock.now());
    if (!added) throw new ErasureAlreadyRequested((await this.requests.waitingOf(borrowerId))?.id ?? '');
    return { ...erasureRequestView(added), plan: erasurePlanView(await this.facts.dutyOf(borrowerId)) };
  }
}
