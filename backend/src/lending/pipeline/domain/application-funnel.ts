/**
 * The application funnel (issue 15 item 6), counted from our own loan events: of the loans started in a period, how
 * many reached each step. The steps in order, each with the event that marks it. Pure.
 */
export const FUNNEL_STEPS = [
  { step: 'started', label: 'Started', event: 'LoanApplicationStarted' },
  { step: 'submitted', label: 'Submitted', event: 'LoanApplicationSubmitted' },
  { step: 'accepted', label: 'Accepted for review', event: 'LoanApplicationAccepted' },
  { step: 'softApproved', label: 'Credit check approved', event: 'SoftCheckApproved' },
  { step: 'bankVerified', label: 'Bank verified', event: 'BankVerificationApproved' },
  { step: 'agreementIssued', label: 'Agreement issued', event: 'AgreementIssued' },
  { step: 'agreementSigned', label: 'Agreement signed', event: 'AgreementSigned' },
  { step: 'disbursed', label: 'Disbursed', event: 'LoanDisbursed' },
  { step: 'firstPayment', label: 'First payment', event: 'RepaymentApplied' },
] as const;

export type FunnelStep = { step: string; label: string; loans: number };

/** Loans per step, in funnel order, zero for steps nobody reached. */
export function funnelOf(loansByEvent: ReadonlyMap<string, number>): FunnelStep[] {
  return FUNNEL_STEPS.map(({ step, label, event }) => ({ step, label, loans: loansByEvent.get(event) ?? 0 }));
}
