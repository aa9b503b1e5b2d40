import type { Db } from '../../platform/database/database.js';

/** The borrower's account as identity keeps it, for the borrower's data download. */
export type AccountRecord = { name: string; email: string; phone: string | null; status: string; createdAt: string };

/** A signed-in device: the session identity keeps for it (its browser and address as last seen). */
export type DeviceSessionRecord = {
  deviceId: string;
  userAgent: string | null;
  ip: string | null;
  createdAt: string;
  lastUsedAt: string;
  revokedAt: string | null;
  revokedReason: string | null;
};

/**
 * What identity holds of a borrower's personal data, for the privacy context (DPDP Act, 2023: the data download and
 * erasure, issue 33 item 5). The erasing methods take the caller's transaction, so that one erasure is one
 * transaction across every context. Also the DI token.
 */
export abstract class AccountPersonalData {
  /** The account and its device sessions; undefined for an unknown id or a user who is not a borrower. */
  abstract exportOf(borrowerId: string): Promise<{ account: AccountRecord; sessions: DeviceSessionRecord[] } | undefined>;

  /** Deletes the borrower's sessions (devices, browsers, IP addresses), presence and password-reset links: signs them out everywhere. Answers how many sessions. */
  abstract eraseSessions(trx: Db, borrowerId: string): Promise<number>;

  /** Replaces name, email and phone with placeholders, removes the password, the social sign-in and the one-time codes sent to the phone, disables the account. */
  abstract anonymise(trx: Db, borrowerId: string): Promise<void>;

  /** After the erasure committed: tells the contexts that keep a copy of the borrower's contact details (BorrowerDirectory.onProfileWritten). */
  abstract announce(borrowerId: string): Promise<void>;
}
