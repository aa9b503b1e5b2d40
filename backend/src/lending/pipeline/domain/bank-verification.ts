import { InvalidLoanInput, LoanDomainError } from '../../loan/domain/loan.errors.js';

/**
 * The bank-verification stage (approve-bank, spec §2 Bank): it reads the borrower's Bank section (origination) and
 * records how the account was verified, by a penny drop (a small credit whose bank answer names the holder) or by
 * staff by hand with a reason. Pure rules; the application layer reads the section and calls the PennyDrop port.
 */
export const BANK_VERIFICATION_METHODS = ['penny-drop', 'manual'] as const;
export type BankVerificationMethod = (typeof BANK_VERIFICATION_METHODS)[number];

/** The Bank section as the stage sees it: never the whole account number. */
export type BankAccountOnFile = { holderName: string; accountLast4: string; ifsc: string; accountType: string };

/** What the Bank section looks like to the stage: usable, or why not. */
export type BankSectionState =
  { status: 'missing' } | { status: 'rejected'; reason: string | null } | { status: 'complete' | 'verified'; account: BankAccountOnFile };

/** A penny drop's answer: the bank credited the account and named its holder, or refused it. */
export type PennyDropAnswer =
  | { outcome: 'credited'; provider: string; reference: string; nameAtBank: string }
  | { outcome: 'failed'; provider: string; reference: string; failure: string };

/** Everything the decision needs, gathered by the application layer. */
export type BankCheck =
  | { method: 'manual'; account: BankAccountOnFile }
  | { method: 'penny-drop'; account: BankAccountOnFile; borrowerName: string; pennyDrop: PennyDropAnswer };

/** What BankVerificationApproved records (older events carry only bankAccountLast4, or nothing). */
export type BankVerificationRecord = {
  method: BankVerificationMethod;
  bankAccountLast4: string;
  ifsc: string;
  pennyDrop?: { provider: string; reference: string; nameAtBank: string; nameMatch: boolean };
};

/** The Bank section is missing or was rejected: there is no account to verify (409 naming `bank`). */
export class BankSectionIncomplete extends LoanDomainError {
  readonly code = 'LOAN.BANK_SECTION_INCOMPLETE';
  readonly kind = 'conflict';
  override readonly title = 'Bank details missing';
  constructor(status: 'missing' | 'rejected', reason: string | null) {
    const message =
      status === 'missing'
        ? "The borrower's Bank section is missing: they fill it in (Profile, Bank) before the account can be verified."
        : `The borrower's Bank section was rejected${reason ? ` (${reason})` : ''}: they must save it again before the account can be verified.`;
    super(message, { section: 'bank', sectionStatus: status, fields: [{ name: 'bank', message }] });
  }
}

/** The penny drop did not verify the account: the bank refused it, or names someone else (422). */
export class BankVerificationFailed extends LoanDomainError {
  readonly code = 'LOAN.BANK_VERIFICATION_FAILED';
  readonly kind = 'unprocessable';
  override readonly title = 'The bank account was not verified';
  constructor(message: string, details: Record<string, unknown>) {
    super(message, { ...details, fields: [{ name: 'method', message }] });
  }
}

/** The section's account, or the refusal that explains why there is none. */
export function accountToVerify(section: BankSectionState): BankAccountOnFile {
  if (section.status === 'missing' || section.status === 'rejected')
    throw new BankSectionIncomplete(section.status, section.status === 'rejected' ? section.reason : null);
  return section.account;
}

const TITLES = new Set(['mr', 'mrs', 'ms', 'miss', 'dr', 'shri', 'smt', 'kumari', 'km']);
const words = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\s]/gu, ' ')
    .split(/\s+/)
    .filter((w) => w && !TITLES.has(w));

/**
 * Whether the name a bank holds for the account is the borrower's. Banks abbreviate and reorder ("RAO ASHA K" for
 * "Asha K. Rao"), so: case, punctuation and titles ignored; every word of the shorter name is a word of the longer
 * one, an initial standing for a word it starts; at least one whole word, and two words when either name has two.
 */
export function namesMatch(nameAtBank: string, borrowerName: string): boolean {
  const [a, b] = [words(nameAtBank), words(borrowerName)];
  if (a.length === 0 || b.length === 0) return false;
  const [shorter, longer] = a.length <= b.length ? [a, b] : [b, a];
  const unused = [...longer];
  for (const word of shorter) {
    const exact = unused.indexOf(word);
    const at =
      exact >= 0
        ? exact
        : word.length === 1
          ? unused.findIndex((w) => w.startsWith(word))
          : unused.findIndex((w) => w.length === 1 && word.startsWith(w));
    if (at < 0) return false;
    unused.splice(at, 1);
  }
  return shorter.some((w) => w.length > 1) && (longer.length < 2 || shorter.length >= 2);
}

const accountLabel = (account: BankAccountOnFile) => `XXXXXX${account.accountLast4} (${account.ifsc})`;

/**
 * The decision: a manual verification needs a reason; a penny drop must have been credited to an account the bank
 * holds in the borrower's name. Answers what the event records: the method, the last four digits and the IFSC, and
 * for a penny drop the provider's reference and the name match; never the account number.
 */
export function bankVerificationRecord(check: BankCheck, reason: string | undefined): BankVerificationRecord {
  const { account } = check;
  const base = { bankAccountLast4: account.accountLast4, ifsc: account.ifsc };
  if (check.method === 'manual') {
    if (!reason || reason.trim() === '')
      throw new InvalidLoanInput([
        {
          name: 'reason',
          message: 'reason is required for a manual verification: say how the account was checked (a cancelled cheque, a bank statement)',
        },
      ]);
    return { method: 'manual', ...base };
  }
  const { pennyDrop } = check;
  if (pennyDrop.outcome === 'failed') {
    throw new BankVerificationFailed(
      `The penny drop to ${accountLabel(account)} failed: ${pennyDrop.failure} (reference ${pennyDrop.reference}). Ask the borrower to correct their Bank section, or verify manually with a reason.`,
      { provider: pennyDrop.provider, reference: pennyDrop.reference, failure: pennyDrop.failure },
    );
  }
  if (!namesMatch(pennyDrop.nameAtBank, check.borrowerName)) {
    throw new BankVerificationFailed(
      `The bank holds ${accountLabel(account)} in the name "${pennyDrop.nameAtBank}", which does not match the borrower's name "${check.borrowerName}" (reference ${pennyDrop.reference}). Ask the borrower about it, or verify manually with a reason.`,
      { provider: pennyDrop.provider, reference: pennyDrop.reference, nameAtBank: pennyDrop.nameAtBank },
    );
  }
  return {
    method: 'penny-drop',
    ...base,
    pennyDrop: { provider: pennyDrop.provider, reference: pennyDrop.reference, nameAtBank: pennyDrop.nameAtBank, nameMatch: true },
  };
}
