import type { BorrowerProfile } from '../../identity/public/index.js';
import type { ErasureRequest } from '../domain/erasure-request.js';
import { erasureRequestView, type ErasureRequestView } from './erasure-request.view.js';

/** A request as staff list it: whose, and who carried it out. */
export type StaffErasureRequestView = ErasureRequestView & { borrowerId: string; borrowerName: string | null; carriedOutBy: string | null };

export const staffErasureRequestView = (r: ErasureRequest, borrower: BorrowerProfile | undefined): StaffErasureRequestView => ({
  ...erasureRequestView(r),
  borrowerId: r.borrowerId,
  borrowerName: borrower?.name ?? null,
  carriedOutBy: r.carriedOutBy,
});
