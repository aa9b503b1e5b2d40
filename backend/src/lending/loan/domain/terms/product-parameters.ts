import type { ProductParameters } from './loan-product.js';
import { roundHalfEven } from '../rounding.js';

export type { ProductParameters } from './loan-product.js';

/** The product's one-off fee on a principal: the processing fee of an EMI loan, the flat fee of a salary advance. */
export function feeFor(principal: number, params: Pick<ProductParameters, 'processingFeePercent'>): number {
  // Multiply before dividing: exact for whole percentages, so ties are seen as ties.
  return roundHalfEven((principal * params.processingFeePercent) / 100);
}
