import { LoanDomainError } from '../../loan/domain/loan.errors.js';
import type { BankSectionState } from './bank-verification.js';

/**
 * Payouts only to the verified account (RBI Digital Lending Directions 2025: every disbursal goes directly into the
 * borrower's bank account, never through a pool or pass-through account of the lending service provider or any
 * third party). The application layer gathers the facts: the borrower's Bank section now and, when staff name the
 * account they paid, its last four digits, IFSC and whether its number is the section's (compared outside, so the
 * domain never sees a whole account number). Pure.
 */
export type PayoutAccountFacts = {
  /** The borrower's Bank section at the time of the payout. */
  section: BankSectionState;
  /** The account staff say they paid; absent when the payout goes to the section's account. */
  requested?: { accountLast4: string; ifsc: string; sameNumberAsSection: boolean };
};

/** The account a LoanDisbursed records as paid: never the whole number. */
export type PayoutAccount = { accountLast4: string; ifsc: string };

/** What the loan recorded when its account was verified (absent on loans verified before it was recorded). */
export type VerifiedAccountRecord = { bankAccountLast4?: string; ifsc?: string };

/** The payout would go to an account that is not the borrower's verified Bank section: refused, naming the field. */
export class PayoutAccountNotVerified extends LoanDomainError {
  readonly code = 'LOAN.PAYOUT_ACCOUNT_NOT_VERIFIED';
  readonly kind = 'unprocessable';
  override readonly title = "Payouts go only to the borrower's verified bank account";
  constructor(message: string, fields: { name: string; message: string }[], details: Record<string, unknown>) {
    super(message, { ...details, fields });
  }
}

const label = (a: PayoutAccount) => `XXXXXX${a.accountLast4} (${a.ifsc})`;
const sameIfsc = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();
const RULE =
  "the RBI Digital Lending Directions 2025 require every disbursal to go directly into the borrower's own bank account, never through a pool, pass-through or third-party account";

/**
 * The account to pay: the borrower's Bank section, which must still be the account verified at approve-bank; a
 * requested account is accepted only when it is that same account. Otherwise PayoutAccountNotVerified with the
 * field (`bank` when the section changed or is gone, `payeeAccount.accountNumber` / `payeeAccount.ifsc` for a
 * different account) and why.
 */
export function verifiedPayoutAccount(verified: VerifiedAccountRecord, facts: PayoutAccountFacts): PayoutAccount {
  const { section, requested } = facts;
  if (section.status === 'missing' || section.status === 'rejected') {
    const message = `No payout: the borrower's Bank section is ${section.status === 'missing' ? 'missing' : 'rejected'}, so there is no verified account to pay, and ${RULE}.`;
    throw new PayoutAccountNotVerified(message, [{ name: 'bank', message }], { sectionStatus: section.status });
  }
  const onFile: PayoutAccount = { accountLast4: section.account.accountLast4, ifsc: section.account.ifsc };
  const changedLast4 = verified.bankAccountLast4 !== undefined && verified.bankAccountLast4 !== onFile.accountLast4;
  const changedIfsc = verified.ifsc !== undefined && !sameIfsc(verified.ifsc, onFile.ifsc);
  if (changedLast4 || changedIfsc) {
    const was = `XXXXXX${verified.bankAccountLast4 ?? '????'}${verified.ifsc ? ` (${verified.ifsc})` : ''}`;
    const message = `No payout: the borrower's Bank section changed after it was verified (verified ${was}, now ${label(onFile)}), so the account on file is not verified. Ask the borrower to restore the verified account, or cancel and start a new application that verifies the new one; ${RULE}.`;
    throw new PayoutAccountNotVerified(message, [{ name: 'bank', message }], { verified: was, onFile: label(onFile) });
  }
  if (requested) {
    const fields: { name: string; message: string }[] = [];
    if (!requested.sameNumberAsSection)
      fields.push({
        name: 'payeeAccount.accountNumber',
        message: `payeeAccount.accountNumber is not the borrower's verified account ${label(onFile)}: ${RULE}.`,
      });
    if (!sameIfsc(requested.ifsc, onFile.ifsc))
      fields.push({
        name: 'payeeAccount.ifsc',
        message: `payeeAccount.ifsc ${requested.ifsc} is not the IFSC of the borrower's verified account (${onFile.ifsc}): ${RULE}.`,
      });
    if (fields.length > 0) {
      const message = `No payout to XXXXXX${requested.accountLast4} (${requested.ifsc}): payouts go only to the borrower's verified account ${label(onFile)}; ${RULE}.`;
      throw new PayoutAccountNotVerified(message, fields, { verifiedAccount: label(onFile) });
    }
  }
  return onFile;
}
