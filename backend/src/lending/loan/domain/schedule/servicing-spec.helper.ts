import { expect } from '@jest/globals';
import { serviceLoan } from './loan-servicing.js';
import type { ChargeKind, LoanServicing, ServicingEvent, ServicingTerms, WaivableComponent } from './servicing.types.js';

/** Event builders, so a scenario reads as what happened. */
export const paid = (paymentId: string, valueDate: string, amount: number): ServicingEvent => ({
  type: 'RepaymentApplied',
  paymentId,
  valueDate,
  amount,
});
/** A payment whose payer chose "pay extra to reduce principal". */
export const paidReducingPrincipal = (paymentId: string, valueDate: string, amount: number): ServicingEvent => ({
  type: 'RepaymentApplied',
  paymentId,
  valueDate,
  amount,
  reducePrincipal: true,
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

/**
 * 1,00,000.00 at 12% for 12 months (emi-schedule.spec's hand-worked case): EMI 8,884.88.
 * Instalment 1 (15 Feb): principal 7,884.88 + interest 1,000.00; 2 (15 Mar): 7,963.73 + 921.15;
 * 3 (15 Apr): 8,043.37 + 841.51; ... 12 (15 Jan 2027): 8,796.88 + 87.97.
 */
export const EMI_LOAN: ServicingTerms = {
  loanType: 'EMI',
  principal: 10_000_000,
  annualRatePercent: 12,
  months: 12,
  disbursedOn: '2026-01-15',
  firstDueDate: '2026-02-15',
  fee: 0,
  strategy: 'mifos-standard',
  prepaymentMode: 'reduceTenure',
};
export const EMI_LOAN_EMI = 888_488;

/** 20,000.00 paid out on 1 Mar, repaid with a 1,000.00 fee on the 20 Mar pay day. */
export const SALARY_ADVANCE: ServicingTerms = {
  loanType: 'salaryAdvance',
  principal: 2_000_000,
  annualRatePercent: 0,
  months: 1,
  disbursedOn: '2026-03-01',
  firstDueDate: '2026-03-20',
  fee: 100_000,
  strategy: 'mifos-standard',
  prepaymentMode: 'reduceTenure',
};

export function dayAfter(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}
