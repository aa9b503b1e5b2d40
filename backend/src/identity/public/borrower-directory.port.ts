/** A borrower's contact details, as other contexts may see them. */
export type BorrowerProfile = { id: string; name: string; email: string; phone: string | null };

export type BorrowerProfileListener = (profile: BorrowerProfile) => Promise<void>;

/** A user's email just turned verified (migration 0060): who, and the address proven. */
export type EmailVerifiedListener = (verified: { userId: string; email: string }) => Promise<void>;

/**
 * Identity's directory of borrowers, for the other contexts: look borrowers up, and hear of every profile identity
 * writes (registration, social sign-up, profile edits), so that a context keeps its own copy of the fields it shows
 * and searches instead of reading identity's tables. Also the DI token (Nest injects abstract classes by type).
 */
export abstract class BorrowerDirectory {
  /** The borrower's profile; undefined for an unknown id or a user who is not a borrower. */
  abstract profileOf(borrowerId: string): Promise<BorrowerProfile | undefined>;

  /**
   * The borrower's email when it is verified (migration 0060: a code sent to it and typed back, or a social sign-in
   * saying so); undefined when it is not, or for an unknown id. Documents that must reach a verified email ask this.
   */
  abstract verifiedEmailOf(borrowerId: string): Promise<string | undefined>;

  /** The profiles of those ids that are borrowers, in no particular order. */
  abstract profilesOf(borrowerIds: readonly string[]): Promise<BorrowerProfile[]>;

  /**
   * The borrowers whose phone (E.164, as identity stores it; an account whose old phone the 0037 migration listed as
   * reading as this number counts too) or email (ignoring case) is the one given, at most a few; for linking a lead
   * to the borrower it became, and for quick start's "this number already has an account".
   */
  abstract findByContact(contact: { phone: string | null; email: string | null }): Promise<BorrowerProfile[]>;

  /**
   * Calls `listener` after each write of a borrower's profile, before the request that wrote it answers, so the
   * copy is current when the borrower or staff read it next. A listener that throws fails that request.
   */
  abstract onProfileWritten(listener: BorrowerProfileListener): void;

  /**
   * Calls `listener` after a user's email turns verified (the code typed back, or a social sign-in saying so), before
   * that request answers; for sending what waited for a verified email. A listener that throws fails that request.
   */
  abstract onEmailVerified(listener: EmailVerifiedListener): void;
}
