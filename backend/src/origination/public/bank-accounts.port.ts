/**
 * The borrower's Bank section as the bank-verification stage reads it: missing, rejected (with the reason), or on
 * file. On file carries the whole account number opened from its sealed form, for the penny drop only (undefined
 * when it cannot be opened, e.g. after JWT_SECRET changed): a caller never stores or shows it.
 */
export type BankSectionOnFile =
  | { status: 'missing' }
  | { status: 'rejected'; reason: string | null }
  | {
      status: 'complete' | 'verified';
      holderName: string;
      accountLast4: string;
      ifsc: string;
      accountType: string;
      accountNumber: string | undefined;
    };

/** Origination's Bank sections, for lending's approve-bank. Also the DI token (Nest injects abstract classes by type). */
export abstract class BankAccounts {
  abstract bankSectionOf(borrowerId: string): Promise<BankSectionOnFile>;
}
