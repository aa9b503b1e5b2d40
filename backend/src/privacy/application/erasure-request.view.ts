import type { ErasureRequest, ErasureRequestStatus } from '../domain/erasure-request.js';
import type { ErasureAnswer } from '../domain/retention.js';

/** An erasure request as the borrower and staff read it (an allow-list of fields). */
export type ErasureRequestView = {
  id: string;
  status: ErasureRequestStatus;
  reason: string | null;
  requestedAt: string;
  carriedOutAt: string | null;
  answer: ErasureAnswer | null;
};

export const erasureRequestView = (r: ErasureRequest): ErasureRequestView => ({
  id: r.id,
  status: r.status,
  reason: r.reason,
  requestedAt: r.requestedAt.toISOString(),
  carriedOutAt: r.carriedOutAt?.toISOString() ?? null,
  answer: r.answer,
});
