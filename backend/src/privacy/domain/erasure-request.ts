import { DomainError } from '../../platform/errors/domain-error.js';
import type { ErasureAnswer } from './retention.js';

/** A borrower's request to erase their personal data (DPDP Act, 2023, s. 12): waiting for staff, or carried out with its answer. */
export type ErasureRequestStatus = 'requested' | 'carried-out';

export type ErasureRequest = {
  id: string;
  borrowerId: string;
  reason: string | null;
  status: ErasureRequestStatus;
  requestedAt: Date;
  carriedOutBy: string | null;
  carriedOutAt: Date | null;
  answer: ErasureAnswer | null;
};

export const REASON_MAX = 1000;

/** A borrower may have one request waiting at a time. */
export class ErasureAlreadyRequested extends DomainError {
  readonly code = 'ERASURE.ALREADY_REQUESTED';
  readonly kind = 'conflict';
  constructor(id: string) {
    super('You have already asked us to erase your data: we are carrying out that request.', { id });
  }
}

export class ErasureRequestNotFound extends DomainError {
  readonly code = 'ERASURE.NOT_FOUND';
  readonly kind = 'not-found';
  constructor(id: string) {
    super(`No erasure request has the id ${id}.`, { id });
  }
}

export class ErasureAlreadyCarriedOut extends DomainError {
  readonly code = 'ERASURE.ALREADY_CARRIED_OUT';
  readonly kind = 'conflict';
  constructor(id: string) {
    super('This erasure request has already been carried out: its answer says what was erased and what was kept.', { id });
  }
}

/** Whether a request may be carried out now: only a waiting one, once. */
export function assertWaiting(request: ErasureRequest): void {
  if (request.status !== 'requested') throw new ErasureAlreadyCarriedOut(request.id);
}

export class BorrowerNotFound extends DomainError {
  readonly code = 'ERASURE.BORROWER_NOT_FOUND';
  readonly kind = 'not-found';
  constructor(id: string) {
    super(`No borrower has the id ${id}.`, { id });
  }
}

export const borrowerNotFound = (id: string) => new BorrowerNotFound(id);
