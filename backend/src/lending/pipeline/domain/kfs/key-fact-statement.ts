import { formatMoney, plural } from '../../../../platform/format/format.js';
import type { AgreementTerms, LoanType, ScheduleLine } from '../../../loan/domain/loan.types.js';
import { annualPercentageRateBasisPoints } from './annual-percentage-rate.js';

/** Who handles complaints, from configuration (GRIEVANCE_OFFICER_*), printed in Part 2 of every KFS. */
export type GrievanceOfficer = { name: string; phone: string; email: string; address: string };

/** What the lender configures once for every KFS (Part 2 of the circular's Annex A). */
export type KfsSettings = {
  lenderName: string;
  coolingOffDays: number;
  /** Whether the processing fee is kept on a cooling-off exit (issue 33); absent or false: it is not charged. */
  coolingOffFeeRetained?: boolean;
  grievanceOfficer: GrievanceOfficer;
};

/**
 * The product's contingent charges, from the version of the product the loan was applied under. `autoDebit`: the
 * charge per returned auto-debit (a penal charge, not interest) and the re-presentation policy (docs/mandates.md);
 * absent: not disclosed (a KFS built before the settings existed).
 */
export type KfsProductCharges = {
  penalChargeFlat: number;
  graceDays: number;
  autoDebit?: { bounceCharge: number; representations: number; representAfterDays: number };
};

export type KfsFee = { name: string; amount: number; payableTo: 'lender' | 'third party'; recurrence: 'one-time'; collected: string };

/**
 * The Key Facts Statement of one loan: Part 1 (interest rate and fees/charges), Part 2 (qualitative information) and
 * Annex C's repayment schedule, laid out as the RBI circular of 15 April 2024 (RBI/2024-25/18) asks. Money in
 * integer minor units of `currency`; the APR in basis points.
 */
export type KeyFactStatement = {
  loanId: string;
  loanType: LoanType;
  currency: string;
  sanctionedAmount: number;
  disbursal: string;
  tenureMonths: number;
  instalments: { type: 'Monthly' | 'Single bullet'; count: number; amount: number; commencement: string };
  interestRate: { annualRatePercent: number; type: 'Fixed' };
  fees: KfsFee[];
  totalFees: number;
  netDisbursedAmount: number;
  totalInterest: number;
  totalPayable: number;
  aprBasisPoints: number;
  contingentCharges: { name: string; value: string }[];
  coolingOffDays: number;
  grievanceOfficer: GrievanceOfficer;
  qualitative: { name: string; value: string }[];
  /** Annex C: each instalment's principal, interest and outstanding, with the fee shown on the instalment that carries it. */
  schedule: (ScheduleLine & { fee: number; amount: number })[];
};

export type KfsInput = {
  loanId: string;
  loanType: LoanType;
  terms: AgreementTerms;
  /** The indicative schedule of the agreement (dueDate '' until disbursal). */
  schedule: readonly ScheduleLine[];
  charges: KfsProductCharges;
  settings: KfsSettings;
};

/**
 * Builds the KFS from the loan's own terms. The one-off fee is owed with instalment 1 (docs/servicing.md), so the
 * borrower receives the whole sanctioned amount and the fee is a cash flow of the first instalment: the APR is the
 * IRR of the amount received against every instalment, the fee included (the circular's "all-inclusive cost").
 * A salary advance is one repayment of principal and flat fee, one month after payout.
 */
export function keyFactStatement(input: KfsInput): KeyFactStatement {
  const { terms, loanType, settings, charges } = input;
  const isEmi = loanType === 'EMI';
  const schedule = isEmi
    ? input.schedule.map((line, i) => {
        const fee = i === 0 ? terms.fee : 0;
        return { ...line, fee, amount: line.principal + line.interest + fee };
      })
    : [
        {
          number: 1,
          dueDate: input.schedule[0]?.dueDate ?? '',
          principal: terms.principal,
          interest: 0,
          balance: 0,
          fee: terms.fee,
          amount: terms.principal + terms.fee,
        },
      ];
  const aprBasisPoints = annualPercentageRateBasisPoints({ netDisbursed: terms.principal, instalments: schedule.map((s) => s.amount) });
  const fees: KfsFee[] =
    terms.fee > 0
      ? [
          {
            name: isEmi ? 'Processing fee' : 'Flat fee',
            amount: terms.fee,
            payableTo: 'lender',
            recurrence: 'one-time',
            collected: 'with instalment 1',
          },
        ]
      : [];
  const penal =
    charges.penalChargeFlat > 0
      ? `${formatMoney(charges.penalChargeFlat, terms.currency)} once for each instalment unpaid ${plural(charges.graceDays, 'day')} after its due date`
      : 'None';
  return {
    loanId: input.loanId,
    loanType,
    currency: terms.currency,
    sanctionedAmount: terms.principal,
    disbursal: '100% upfront, to your verified bank account after you sign',
    tenureMonths: terms.tenureMonths,
    instalments: {
      type: isEmi ? 'Monthly' : 'Single bullet',
      count: schedule.length,
      amount: terms.instalmentAmount,
      commencement: isEmi ? 'one month after disbursal' : 'on the pay day after disbursal',
    },
    interestRate: { annualRatePercent: terms.annualRatePercent, type: 'Fixed' },
    fees,
    totalFees: terms.fee,
    netDisbursedAmount: terms.principal,
    totalInterest: terms.totalInterest,
    totalPayable: terms.totalPayable,
    aprBasisPoints,
    contingentCharges: [
      { name: 'Penal charges in case of delayed payment', value: penal },
      { name: 'Other penal charges', value: charges.autoDebit ? autoDebitCharge(charges.autoDebit, terms.currency) : 'None' },
      { name: 'Foreclosure charges', value: 'None: you may repay early at any time' },
      { name: 'Charges for switching between floating and fixed rate', value: 'Not applicable (fixed rate)' },
    ],
    coolingOffDays: settings.coolingOffDays,
    grievanceOfficer: settings.grievanceOfficer,
    qualitative: [
      { name: 'Engagement of recovery agents', value: 'Clause 5 "Default and collections" of the loan agreement' },
      {
        name: 'Grievance redressal mechanism',
        value: 'Clause 7 "Complaints and grievance redressal" of the loan agreement; the grievance officer below',
      },
      {
        name: 'Cooling-off / look-up period',
        value:
          `${plural(settings.coolingOffDays, 'day')} from disbursal: you may exit by repaying the principal and the proportionate APR, without any penalty` +
          (settings.coolingOffFeeRetained ? '; the processing fee is kept' : '; no processing fee is charged on such an exit'),
      },
      {
        name: 'Transfer of the loan to other lenders or securitisation',
        value: 'The loan may be transferred; you will be told in writing',
      },
      { name: 'Lending service provider', value: `None: ${settings.lenderName} lends directly` },
    ],
    schedule,
  };
}

/** The bounce charge and re-presentation policy as the KFS states them (RBI's 2023 circular: a penal charge, never interest). */
function autoDebitCharge(rules: NonNullable<KfsProductCharges['autoDebit']>, currency: string): string {
  const charge =
    rules.bounceCharge > 0
      ? `Auto-debit bounce charge: ${formatMoney(rules.bounceCharge, currency)} for each auto-debit (e-NACH or UPI AutoPay) returned unpaid, a penal charge on that instalment (not interest)`
      : 'Auto-debit bounce charge: none';
  const again =
    rules.representations > 0
      ? `a returned instalment is presented again up to ${plural(rules.representations, 'time')}, ${plural(rules.representAfterDays, 'day')} after each return, unless the bank's reason makes it pointless (account closed, mandate cancelled)`
      : 'a returned instalment is not presented again';
  return `${charge}; ${again}`;
}
