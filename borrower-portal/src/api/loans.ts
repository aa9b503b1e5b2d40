import { api, apiBlob } from '@lending/web-common/http';
import type {
  AgreementTerms,
  AmendLoanBody,
  EmiQuote,
  KeyFactStatement,
  LoanState,
  LoanType,
  MyLoan,
  MyLoanEvent,
  MyNotification,
  ScheduleLine,
  SignedByLink,
  SigningCodeSent,
  SignLink,
  StartLoanBody,
} from '@lending/web-common/api';

/** The API's types, generated from its OpenAPI document (@lending/web-common/api): the borrower's view of a loan. */
export type Loan = MyLoan;
export type TimelineEvent = MyLoanEvent;
export type Notification = MyNotification;
export type { AgreementTerms, EmiQuote, KeyFactStatement, LoanState, LoanType, ScheduleLine, SignLink };

export const listLoans = (signal?: AbortSignal) => api<Loan[]>('/me/loans', { signal });
export const getLoan = (id: string, signal?: AbortSignal) => api<Loan>(`/me/loans/${id}`, { signal });
export const listNotifications = (signal?: AbortSignal) => api<Notification[]>('/me/notifications', { signal });
export const getLoanHistory = (id: string, signal?: AbortSignal) => api<TimelineEvent[]>(`/me/loans/${id}/history`, { signal });

export const startLoan = (body: StartLoanBody, idempotencyKey: string) => api<Loan>('/me/loans', { method: 'POST', body, idempotencyKey });
export const amendLoan = (id: string, body: AmendLoanBody) => api<Loan>(`/me/loans/${id}`, { method: 'PATCH', body });
export const submitLoan = (id: string, idempotencyKey: string) => api<Loan>(`/me/loans/${id}/submit`, { method: 'POST', idempotencyKey });
export const signAgreement = (id: string, documentHash: string, code: string, idempotencyKey: string) =>
  api<Loan>(`/me/loans/${id}/sign-agreement`, { method: 'POST', body: { documentHash, code }, idempotencyKey });
/** Sends the e-sign one-time code by SMS to the borrower's registered phone (answers the phone masked). */
export const sendSigningCode = (id: string) => api<SigningCodeSent>(`/me/loans/${id}/agreement/code`, { method: 'POST' });
export const getKfs = (id: string, signal?: AbortSignal) => api<KeyFactStatement>(`/me/loans/${id}/kfs`, { signal });

// The emailed e-sign link (/Eagreement/:token): public, the token is the credential.
const link = (token: string) => `/public/agreements/${encodeURIComponent(token)}`;
export const getSignLink = (token: string, signal?: AbortSignal) => api<SignLink>(link(token), { signal });
export const sendSignLinkCode = (token: string) => api<SigningCodeSent>(`${link(token)}/code`, { method: 'POST' });
export const signByLink = (token: string, code: string) => api<SignedByLink>(`${link(token)}/sign`, { method: 'POST', body: { code } });
export const signLinkPdfUrl = (token: string) => `/api${link(token)}/agreement.pdf`;
export const cancelLoan = (id: string, reason: string, idempotencyKey: string) =>
  api<Loan>(`/me/loans/${id}/cancel`, { method: 'POST', body: { reason }, idempotencyKey });

export const getEmiQuote = (principal: number, annualRatePercent: number, months: number, signal?: AbortSignal) =>
  api<EmiQuote>('/public/emi', { query: { principal, annualRatePercent, months }, signal });

/** The issued agreement as a blob, with the SHA-256 the server states for it (the hash the borrower signs). */
export async function fetchAgreement(id: string, download = false): Promise<{ blob: Blob; hash: string; filename: string }> {
  const { blob, hash, filename } = await apiBlob(`/me/loans/${id}/agreement.pdf`, download ? { query: { download: 1 } } : {});
  return { blob, hash: hash ?? '', filename: filename ?? `loan-agreement-${id}.pdf` };
}
