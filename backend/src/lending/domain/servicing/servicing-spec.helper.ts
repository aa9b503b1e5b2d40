import { expect } from '@jest/globals';
import { serviceLoan } from './loan-servicing.js';
import type {
  ChargeKind,
  LoanServicing,
  ServicingEvent,
  ServicingTerms,
  WaivableComponent,
} from './servicing.types.js';

/** Event builders, so a scenario reads as what happened. */
export const paid = (paymentId: string, valueDate: string, amount: number): ServicingEvent => ({
  type: 'RepaymentApplied',
  paymentId,
  valueDate,
  amount,
});
export const reversed = (paymentId: string, valueDate: string): ServicingEvent => ({
  type: 'RepaymentReversed',
  paymentId,
  valueDate,
});
export const charged = (
  chargeId: string,
  valueDate: string,
  instalmentNumber: number,
  kind: ChargeKind,
  amount: number,
): ServicingEvent => ({ type: 'ChargeApplied', chargeId, valueDate, instalmentNumber, kind, amount });
export const waived = (
  waiverId: string,
  valueDate: string,
  instalmentNumber: number,
  component: WaivableComponent,
  amount: number,
): ServicingEvent => ({ type: 'ChargeWaived', waiverId, valueDate, instalmentNumber, component, amount });
export const refunded = (refundId: string, valueDate: string, amount: number): ServicingEvent => ({
  type: 'CreditBalanceRefunded',
  refundId,
  valueDate,
  amount,
});

type DeepPartial<T> = T extends object ? { [K in keyof T]?: DeepPartial<T[K]> } : T;

/**
 * given(terms, ...history).when(...events).then(expected): a servicing rule as the scenario
 * it describes. `then` matches the parts named (arrays element by element, same length) and
 * returns the whole view for further checks.
 */
export function given(terms: ServicingTerms, ...history: ServicingEvent[]) {
  return {
    when(...events: ServicingEvent[]) {
      const view = serviceLoan(terms, [...history, ...events]);
      return {
        then(expected: DeepPartial<LoanServicing>): LoanServicing {
          expect(view).toMatchObject(expected);
          return view;
        },
      };
    },
  };
}
