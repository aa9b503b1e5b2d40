import { api } from '@lending/web-common/http';

/** Auto-debit (issue 32), as GET /api/me/loans/:id/mandates answers. */
export type MyMandate = {
  id: string;
  kind: 'e-nach' | 'upi-autopay';
  status: 'pending' | 'active' | 'failed' | 'paused' | 'cancelled';
  maxAmount: number;
  frequency: string;
  validFrom: string;
  validUntil: string;
  providerReference: string | null;
  failureReason: string | null;
  cancelCause: string | null;
};

export type MyPresentation = {
  id: string;
  instalmentNumber: number;
  attempt: number;
  amount: number;
  presentedOn: string;
  status: 'presented' | 'submitted' | 'succeeded' | 'bounced';
  /** False once a later attempt of the same instalment was presented. */
  latest: boolean;
  reason: string | null;
  nextAttemptOn: string | null;
  bounceCharge: number | null;
};

export type MyMandates = {
  mandates: MyMandate[];
  presentations: MyPresentation[];
  manualCollections: { instalmentNumber: number; attempt: number; code: string; detail: string; on: string }[];
};

export const getMandates = (loanId: string, signal?: AbortSignal) => api<MyMandates>(`/me/loans/${loanId}/mandates`, { signal });

/** Starts a registration: the answer says where the borrower authorises it (their bank, or the sandbox page). */
export const registerMandate = (loanId: string, kind: MyMandate['kind']) =>
  api<{ mandate: MyMandate; redirectUrl: string }>(`/me/loans/${loanId}/mandates`, { method: 'POST', body: { kind } });

export const cancelMandate = (mandateId: string) => api<MyMandate>(`/me/mandates/${mandateId}/cancel`, { method: 'POST' });
