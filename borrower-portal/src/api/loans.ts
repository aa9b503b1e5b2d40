import { api, apiBlob } from '@lending/web-common/http';
import type { AgreementTerms, AmendLoanBody, EmiQuote, LoanState, LoanType, MyLoan, MyLoanEvent, MyNotification, ScheduleLine, StartLoanBody } from '@lending/web-common/api';

/** The API's types, generated from its OpenAPI document (@lending/web-common/api): the borrower's view of a loan. */
export type Loan = MyLoan;
export type TimelineEvent = MyLoanEvent;
export type Notification = MyNotification;
export type { AgreementTerms, EmiQuote, LoanState, LoanType, ScheduleLine };

export const listLoans = (signal?: AbortSignal) => api<Loan[]>('/me/loans', { signal });
export const getLoan = (id: string, signal?: AbortSignal) => api<Loan>(`/me/loans/${id}`, { signal });
export const listNotifications = (signal?: AbortSignal) => api<Notification[]>('/me/notifications', { signal });
export const getLoanHistory = (id: string, signal?: AbortSignal) => api<TimelineEvent[]>(`/me/loans/${id}/history`, { signal });

export const startLoan = (body: StartLoanBody, idempotencyKey: string) =>
  api<Loan>('/me/loans', { method: 'POST', body, idempotencyKey });
export const amendLoan = (id: string, body: AmendLoanBody) => api<Loan>(`/me/loans/${id}`, { method: 'PATCH', body });
export const submitLoan = (id: string, idempotencyKey: string) => api<Loan>(`/me/loans/${id}/submit`, { method: 'POST', idempotencyKey });
export const signAgreement = (id: string, documentHash: string, idempotencyKey: string) =>
  api<Loan>(`/me/loans/${id}/sign-agreement`, { method: 'POST', body: { documentHash }, idempotencyKey });
export const cancelLoan = (id: string, reason: string, idempotencyKey: string) => api<Loan>(`/me/loans/${id}/cancel`, { method: 'POST', body: { reason }, idempotencyKey });

export const getEmiQuote = (principal: number, annualRatePercent: number, months: number, signal?: AbortSignal) =>
  api<EmiQuote>('/public/emi', { query: { principal, annualRatePercent, months }, signal });

/** The issued agreement as a blob, with the SHA-256 the server states for it (the hash the borrower signs). */
export async function fetchAgreement(id: string, download = false): Promise<{ blob: Blob; hash: string; filename: string }> {
  const { blob, hash, filename } = await apiBlob(`/me/loans/${id}/agreement.pdf`, download ? { query: { download: 1 } } : {});
  return { blob, hash: hash ?? '', filename: filename ?? `loan-agreement-${id}.pdf` };
}
