import type { ProductSettings } from '../../platform/config/product-settings.js';
import type { LoanType } from './loan.types.js';
import { roundHalfEven } from './rounding.js';

/** Business limits, rates and fees: the configured product settings (defaults in platform/config/product-settings.ts). */
export type ProductParameters = ProductSettings;

export function feeFor(type: LoanType, principal: number, params: ProductParameters): number {
  const percent =
    type === 'EMI' ? params.EMI.processingFeePercent : params.salaryAdvance.feePercent;
  // Multiply before dividing: exact for whole percentages, so ties are seen as ties.
  return roundHalfEven((principal * percent) / 100);
}
