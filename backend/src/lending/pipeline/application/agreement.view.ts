import type { SigningEvidence } from '../../loan/domain/loan.types.js';

export type AgreementRow = {
  id: string;
  loanId: string;
  borrowerId: string;
  borrowerName: string;
  borrowerEmail: string;
  loanType: string;
  loanState: string;
  principal: number;
  currency: string;
  documentHash: string;
  issuedAt: string;
  signedAt: string | null;
  signed: boolean;
};

export type AgreementDetail = AgreementRow & { issuedBy: string; signedDocumentHash: string | null; evidence: SigningEvidence | null };

type Row = {
  loan_id: string;
  principal: string;
  currency: string;
  document_hash: string;
  issued_at: Date;
  signed_at: Date | null;
  borrower_id: string;
  type: string;
  state: string;
  borrower_name: string | null;
  borrower_email: string | null;
};

export function agreementRowView(r: Row): AgreementRow {
  return {
    id: r.loan_id,
    loanId: r.loan_id,
    borrowerId: r.borrower_id,
    borrowerName: r.borrower_name ?? '',
    borrowerEmail: r.borrower_email ?? '',
    loanType: r.type,
    loanState: r.state,
    principal: Number(r.principal),
    currency: r.currency,
    documentHash: r.document_hash,
    issuedAt: r.issued_at.toISOString(),
    signedAt: r.signed_at ? r.signed_at.toISOString() : null,
    signed: r.signed_at !== null,
  };
}
