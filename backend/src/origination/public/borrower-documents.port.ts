/** A borrower's upload as another context may see it: what it is, not where its bytes are. */
export type BorrowerDocument = { id: string; kind: string; contentType: string; size: number; createdAt: string };

/**
 * Origination's uploads, for the other contexts (a help issue's attachments are uploads of its borrower). Also the
 * DI token (Nest injects abstract classes by type).
 */
export abstract class BorrowerDocuments {
  /** Those of `ids` that are uploads of `borrowerId`, in no particular order (another's or none are left out). */
  abstract ownedBy(borrowerId: string, ids: readonly string[]): Promise<BorrowerDocument[]>;

  /** The upload with its bytes, only if it belongs to `borrowerId`. */
  abstract read(borrowerId: string, id: string): Promise<(BorrowerDocument & { bytes: Buffer }) | undefined>;
}
