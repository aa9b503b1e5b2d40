import type { Db } from '../../platform/database/database.js';

/** A help issue the borrower raised, with the messages they can read (staff's internal notes are not theirs to read). */
export type HelpIssueRecord = {
  number: number;
  category: string;
  loanId: string | null;
  status: string;
  raisedAt: string;
  resolvedAt: string | null;
  messages: { from: 'you' | 'us'; message: string; at: string }[];
};

/**
 * What content holds of a borrower's personal data, for the privacy context (DPDP Act, 2023: the data download and
 * erasure, issue 33 item 5). The erasing method takes the caller's transaction. Also the DI token.
 */
export abstract class HelpIssuePersonalData {
  abstract exportOf(borrowerId: string): Promise<HelpIssueRecord[]>;

  /** Deletes the borrower's help issues, their messages and their change history. Answers how many issues. */
  abstract eraseIssues(trx: Db, borrowerId: string): Promise<number>;
}
