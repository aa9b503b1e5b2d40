import type { Answer } from '@lending/web-common/api';
import { api, apiFetch, API_BASE } from '@lending/web-common/http';

/** The borrower's profile sections and uploads (GET/PUT /api/me/profile/{section}, /api/me/documents), as generated. */
export type Section = Answer<'/api/me/profile/{section}', 'get'>;
export type SectionName = Section['section'];
export type SectionStatus = Section['status'];
export type UploadedDocument = Answer<'/api/me/documents', 'post'>;
export type DocumentKind = UploadedDocument['kind'];

export const listSections = (signal?: AbortSignal) => api<Section[]>('/me/profile/sections', { signal });
export const getSection = (section: SectionName, signal?: AbortSignal) => api<Section>(`/me/profile/${section}`, { signal });
export const saveSection = (section: SectionName, body: Record<string, unknown>) =>
  api<Section>(`/me/profile/${section}`, { method: 'PUT', body });
export const listDocuments = (signal?: AbortSignal) => api<UploadedDocument[]>('/me/documents', { signal });

/** multipart/form-data: the browser sets the boundary, so no Content-Type is given here. */
export async function uploadDocument(kind: DocumentKind, file: Blob, filename: string): Promise<UploadedDocument> {
  const form = new FormData();
  form.append('kind', kind);
  form.append('file', file, filename);
  const res = await apiFetch(`${API_BASE}/me/documents`, { method: 'POST', body: form });
  return (await res.json()) as UploadedDocument;
}

/** A document's bytes as an object URL, fetched with the borrower's token (documents have no public URL). */
export async function documentObjectUrl(id: string): Promise<string> {
  const res = await apiFetch(`${API_BASE}/me/documents/${id}`, { headers: { Accept: '*/*' } });
  return URL.createObjectURL(await res.blob());
}
