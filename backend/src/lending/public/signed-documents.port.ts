/** One document of a signed agreement, as a file to send: `agreement` (the signed PDF) or `kfs` (the Key Facts Statement). */
export type SignedDocument = { kind: 'agreement' | 'kfs'; filename: string; contentType: 'application/pdf'; content: Buffer };

/**
 * Issue 33 item 2: the documents a borrower gets when they sign, as lending renders them: the agreement PDF they
 * signed (the stored one whose SHA-256 AgreementSigned records) and the Key Facts Statement on its own. Communications
 * (above lending) sends them. Also the DI token.
 */
export abstract class SignedDocuments {
  /** The signed agreement and the KFS of that loan's agreement with that hash; throws when the stored PDF is missing. */
  abstract of(loanId: string, documentHash: string): Promise<SignedDocument[]>;
}
