import { api, apiRequest } from './client';

/** The loan as GET /api/me/loans/:id answers it (myLoanSchema in backend/src/lending/http/loan-response.schemas.ts). */
export type LoanType = 'EMI' | 'salaryAdvance';
export type LoanState =
  | 'new'
  | 'applied'
  | 'soft.pending'
  | 'bank.pending'
  | 'consent.pending'
  | 'consent.customerpending'
  | 'final.pending'
  | 'disbursal.pending'
  | 'active'
  | 'rejected'
  | 'cancelled';
export type ScheduleLine = { number: number; dueDate: string; principal: number; interest: number; balance: number };
/** When a gate of the pipeline was passed; the borrower's view never says by whom. */
export type Gate = { at: string };
export type AgreementTerms = {
  principal: number;
  annualRatePercent: number;
  tenureMonths: number;
  fee: number;
  instalmentAmount: number;
  totalInterest: number;
  totalPayable: number;
  currency: string;
};
export type Loan = {
  id: string;
  type: LoanType;
  state: LoanState;
  amount: number;
  approvedAmount: number | null;
  principal: number;
  tenureMonths: number;
  annualRatePercent: number;
  fee: number;
  currency: string;
  payDayOfMonth: number | null;
  bankAccountLast4: string | null;
  agreement: { documentHash: string; issuedAt: string; terms: AgreementTerms } | null;
  signedAt: string | null;
  payoutReference: string | null;
  disbursedOn: string | null;
  schedule: ScheduleLine[] | null;
  createdAt: string;
  updatedAt: string;
  /** Why the loan ended: only on a rejected or cancelled loan, else null. */
  reason: string | null;
  approvals: { soft?: Gate; bank?: Gate; consent?: Gate; final?: Gate };
  allowedActions: string[];
};
/** One step of the loan's history as the borrower sees it (GET /api/me/loans/:id/history). */
export type TimelineEvent = { position: number; type: string; stateAfter: LoanState; at: string; by: 'you' | 'lender'; reason: string | null };
export type Notification = { id: string; loanId: string; eventType: string; message: string; createdAt: string };
export type EmiQuote = { emi: number; totalInterest: number; totalPayable: number; schedule: { number: number; principal: number; interest: number; balance: number }[] };

export const listLoans = (signal?: AbortSignal) => api<Loan[]>('/me/loans', { signal });
export const getLoan = (id: string, signal?: AbortSignal) => api<Loan>(`/me/loans/${id}`, { signal });
export const listNotifications = (signal?: AbortSignal) => api<Notification[]>('/me/notifications', { signal });
export const getLoanHistory = (id: string, signal?: AbortSignal) => api<TimelineEvent[]>(`/me/loans/${id}/history`, { signal });

export const startLoan = (body: { type: LoanType; amount: number; tenureMonths?: number }, idempotencyKey: string) =>
  api<Loan>('/me/loans', { method: 'POST', body, idempotencyKey });
export const amendLoan = (id: string, body: { amount?: number; tenureMonths?: number }) => api<Loan>(`/me/loans/${id}`, { method: 'PATCH', body });
export const submitLoan = (id: string, idempotencyKey: string) => api<Loan>(`/me/loans/${id}/submit`, { method: 'POST', idempotencyKey });
export const signAgreement = (id: string, documentHash: string, idempotencyKey: string) =>
  api<Loan>(`/me/loans/${id}/sign-agreement`, { method: 'POST', body: { documentHash }, idempotencyKey });
export const cancelLoan = (id: string, reason: string, idempotencyKey: string) => api<Loan>(`/me/loans/${id}/cancel`, { method: 'POST', body: { reason }, idempotencyKey });

export const getEmiQuote = (principal: number, annualRatePercent: number, months: number, signal?: AbortSignal) =>
  api<EmiQuote>('/public/emi', { query: { principal, annualRatePercent, months }, signal });

/** The issued agreement as a blob, with the SHA-256 the server states for it (the hash the borrower signs). */
export async function fetchAgreement(id: string, download = false): Promise<{ blob: Blob; hash: string; filename: string }> {
  const res = await apiRequest(`/me/loans/${id}/agreement.pdf`, download ? { query: { download: 1 } } : {});
  const hash = res.headers.get('X-Document-SHA256') ?? '';
  const disposition = res.headers.get('Content-Disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `loan-agreement-${id}.pdf`;
  return { blob: await res.blob(), hash, filename };
}
