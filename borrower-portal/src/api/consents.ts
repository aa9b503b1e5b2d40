import { api } from '@lending/web-common/http';
import type { Consent, ConsentPurpose } from '@lending/web-common/api';

/** The borrower's consents under the DPDP Act (/api/me/consents), typed from the OpenAPI document. */
export type { Consent, ConsentPurpose };

export const listConsents = (signal?: AbortSignal) => api<Consent[]>('/me/consents', { signal });
export const withdrawConsent = (purpose: ConsentPurpose) => api<Consent[]>(`/me/consents/${purpose}/withdraw`, { method: 'POST' });
