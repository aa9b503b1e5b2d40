import { saveBlob } from '@lending/web-common/download';
import { api, apiBlob } from '@lending/web-common/http';
import type { Consent, GivableConsent, MyErasureRequests, RequestedErasure } from '@lending/web-common/api';

/** The borrower's data rights under the DPDP Act (issue 33 item 5): the download, erasure requests, consents given at any time. */
export type { GivableConsent, MyErasureRequests, RequestedErasure };

export type ExportFormat = 'json' | 'pdf';

/** Downloads the borrower's data as a file named by the server (my-data-<day>.json or .pdf); answers the file name. */
export async function downloadMyData(format: ExportFormat): Promise<string> {
  const accept = format === 'pdf' ? 'application/pdf' : 'application/json';
  const { blob, filename } = await apiBlob('/me/data-export', {
    query: { format },
    headers: { Accept: `${accept}, application/problem+json` },
  });
  const name = filename ?? `my-data.${format}`;
  saveBlob(blob, name);
  return name;
}

export const listErasureRequests = (signal?: AbortSignal) => api<MyErasureRequests>('/me/erasure-requests', { signal });
export const requestErasure = (reason: string) =>
  api<RequestedErasure>('/me/erasure-requests', { method: 'POST', body: { reason: reason.trim() || null } });

export const listGivableConsents = (signal?: AbortSignal) => api<GivableConsent[]>('/me/consents/givable', { signal });
export const giveConsent = (consent: GivableConsent) =>
  api<Consent[]>(`/me/consents/${consent.purpose}/give`, { method: 'POST', body: { version: consent.version } });
