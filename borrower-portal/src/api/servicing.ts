import { api, API_BASE } from '@lending/web-common/http';
import type { MyPaymentPreview } from '@lending/web-common/api';
import type { ForeclosureQuote, MyPayment, OnlinePaymentCreated } from '@lending/web-common/servicing';

/** The amount that pays the loan off today (the business date), with its parts. */
export const getForeclosureQuote = (loanId: string, signal?: AbortSignal) =>
  api<ForeclosureQuote>(`/me/loans/${loanId}/foreclosure-quote`, { signal });

/** Starts an online payment: the answer says where the payment provider takes the borrower. */
export const createPayment = (loanId: string, amount: number, reducePrincipal: boolean, idempotencyKey: string) =>
  api<OnlinePaymentCreated>(`/me/loans/${loanId}/payments`, { method: 'POST', body: { amount, reducePrincipal }, idempotencyKey });

/** The schedule a payment of `amount` today would leave (nothing is recorded). */
export const previewPayment = (loanId: string, amount: number, reducePrincipal: boolean, signal?: AbortSignal) =>
  api<MyPaymentPreview>(`/me/loans/${loanId}/payments/preview`, { method: 'POST', body: { amount, reducePrincipal }, signal });

export const getPayment = (paymentId: string, signal?: AbortSignal) =>
  api<MyPayment>(`/me/payments/${encodeURIComponent(paymentId)}`, { signal });

/** The statement PDF built from the ledger; the session cookie authorizes a plain link to it. */
export const statementUrl = (loanId: string) => `${API_BASE}/me/loans/${loanId}/statement.pdf`;
