/** A profile section as staff see it on a customer: the borrower's view plus who reviewed it. */
export type CustomerSection = {
  section: string;
  status: 'missing' | 'complete' | 'verified' | 'rejected';
  reason: string | null;
  updatedAt: string | null;
  reviewedAt: string | null;
  reviewedBy: { id: string; name: string | null } | null;
  data: Record<string, unknown> | null;
};

export type CustomerDocument = { id: string; kind: string; contentType: string; size: number; createdAt: string };

/** One line of the section audit: a save by the borrower or a verdict by staff. */
export type CustomerSectionChange = {
  section: string;
  action: string;
  fromStatus: string | null;
  toStatus: string;
  reason: string | null;
  actor: { id: string; role: string; name: string | null };
  at: string;
};

/** What a credit bureau record takes from a borrower's profile sections (null where the section or field is missing). */
export type ReportingIdentity = {
  borrowerId: string;
  pan: string | null;
  dateOfBirth: string | null;
  gender: string | null;
  /** The current address. */
  address: { line1: string; line2?: string; city: string; state: string; pinCode: string } | null;
};

export type CustomerProfile = { sections: CustomerSection[]; documents: CustomerDocument[]; changes: CustomerSectionChange[] };

/**
 * Origination's customer profiles, for the context that lists customers with their loans (lending's
 * /api/admin/customers): every section with its status, the uploads (their bytes stay behind origination's own
 * staff route), the review audit, and the PAN search. Also the DI token.
 */
export abstract class CustomerProfiles {
  abstract profileOf(borrowerId: string): Promise<CustomerProfile>;

  /** The PAN, date of birth, gender and current address of each borrower named (lending's monthly bureau file). */
  abstract reportingIdentitiesOf(borrowerIds: readonly string[]): Promise<ReportingIdentity[]>;

  /** Borrowers whose PAN ends with these four characters (case ignored). */
  abstract borrowersWithPanEnding(last4: string): Promise<string[]>;
}
