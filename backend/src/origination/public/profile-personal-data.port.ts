import type { Db } from '../../platform/database/database.js';

/** A profile section as the portal shows it (the bank account masked, the sealed number never). */
export type ProfileSectionRecord = {
  section: string;
  status: string;
  updatedAt: string | null;
  reviewedAt: string | null;
  data: Record<string, unknown> | null;
};

/** An uploaded document: what it is, never its bytes (the borrower downloads each from the portal). */
export type UploadRecord = { id: string; kind: string; contentType: string; size: number; createdAt: string };

/** A consent as given: purpose, text version and hash, channel, when given and withdrawn. */
export type ConsentRecord = {
  purpose: string;
  label: string;
  version: string;
  textHash: string;
  channel: string;
  givenAt: string;
  withdrawnAt: string | null;
};

export type ProfileData = { sections: ProfileSectionRecord[]; uploads: UploadRecord[]; consents: ConsentRecord[] };

/**
 * What origination holds of a borrower's personal data, for the privacy context (DPDP Act, 2023: the data download
 * and erasure, issue 33 item 5). The erasing methods take the caller's transaction. Also the DI token.
 */
export abstract class ProfilePersonalData {
  abstract exportOf(borrowerId: string): Promise<ProfileData>;

  /** Withdraws the borrower's communications (marketing) consent in force; the record stays, withdrawn. Answers how many. */
  abstract withdrawMarketing(trx: Db, borrowerId: string, at: Date): Promise<number>;

  /**
   * Deletes the KYC and profile records (the seven sections and their review history, the uploads' rows) and
   * anonymises the leads that became this borrower. Answers the counts and the uploads' storage keys, whose bytes
   * `deleteUploads` removes once the transaction committed (object storage is not in it).
   */
  abstract eraseProfile(trx: Db, borrowerId: string): Promise<{ sections: number; uploads: string[]; leads: number }>;

  abstract deleteUploads(storageKeys: readonly string[]): Promise<void>;
}
