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
