export const TYPE_CHOICES = [
  { id: 'EMI', name: 'EMI (monthly instalments)' },
  { id: 'salaryAdvance', name: 'Salary advance' },
];
export const ALLOCATION_CHOICES = [
  { id: 'mifos-standard', name: 'Mifos standard (penalties, fees, interest, principal)' },
  { id: 'rbi-india', name: 'RBI India (oldest dues first)' },
];
export const PREPAYMENT_CHOICES = [
  { id: 'reduceTenure', name: 'Reduce tenure (keep the EMI)' },
  { id: 'reduceEmi', name: 'Reduce the EMI (keep the tenure)' },
];
export const ADVANCE_PAYMENT_CHOICES = [
  { id: 'nextInstalments', name: 'Pay the next instalments in advance' },
  { id: 'prepayPrincipal', name: 'Prepay principal (by the prepayment choice)' },
];
/** How the books post a version's loans (docs/accounting.md). */
export const ACCOUNTING_RULE_CHOICES = [
  { id: 'accrual', name: 'Accrual: interest accrued daily by close of business' },
  { id: 'cash', name: 'Cash: interest when received' },
  { id: 'none', name: 'None: not on the books' },
];

/**
 * Which account each part of a loan posts to: one mapping for every product (the seeded chart); a version choosing
 * its own accounts is not built yet, so the form shows it read-only.
 */
export const ACCOUNT_MAPPING = [
  { posting: 'Money paid out and received', account: '1010 Bank: fund source' },
  { posting: 'Principal', account: '1100 Loans receivable' },
  { posting: 'Interest accrued, not received', account: '1110 Interest receivable' },
  { posting: 'Interest received before it accrued', account: '2110 Interest received in advance' },
  { posting: 'Interest earned', account: '4100 Interest income on loans' },
  { posting: 'Processing fee', account: '1120 Fees receivable / 4200 Fee income' },
  { posting: 'Penal charges', account: '1130 Penal charges receivable / 4300 Penal charge income' },
  { posting: 'Overpayments', account: '2100 Borrower credit balances' },
  { posting: 'IRAC provisions', account: '5300 Provision expense / 2200 Provisions for loan losses' },
  { posting: 'Write-off, settlement, recovery', account: '5100 Bad debts / 5200 Settlement discount / 4400 Bad debts recovered' },
];

/** Field names as people read them, for the version history's list of changes. */
export const FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  currency: 'Currency',
  minAmount: 'Minimum amount',
  maxAmount: 'Maximum amount',
  minTenureMonths: 'Minimum tenure',
  maxTenureMonths: 'Maximum tenure',
  annualRatePercent: 'Annual rate',
  processingFeePercent: 'Fee',
  graceDays: 'Grace days',
  penalChargeFlat: 'Penal charge',
  allocationStrategy: 'Allocation',
  prepaymentMode: 'Prepayment',
  advancePayment: 'Paid ahead',
  defaultPayDayOfMonth: 'Default pay day',
  minDaysToRepayment: 'Minimum days to repayment',
  mandateBounceCharge: 'Auto-debit bounce charge',
  mandateRepresentations: 'Auto-debit re-presentations',
  mandateRepresentAfterDays: 'Days between auto-debit presentations',
  mandateRequired: 'Mandate required before final approval',
  requiredProfileSections: 'Profile sections required',
  accountingRule: 'Accounting rule',
  active: 'Open for applications',
};
export const MONEY_FIELDS = new Set(['minAmount', 'maxAmount', 'penalChargeFlat', 'mandateBounceCharge']);

/** The profile sections a product may require before an application is submitted, in the order the portal shows them. */
export const PROFILE_SECTION_CHOICES = [
  { id: 'profile', name: 'Personal details' },
  { id: 'address', name: 'Address' },
  { id: 'bank', name: 'Bank account' },
  { id: 'documents', name: 'Documents (PAN, Aadhaar, proofs)' },
  { id: 'employment', name: 'Employment' },
  { id: 'reference', name: 'References' },
  { id: 'selfie', name: 'Selfie' },
];
