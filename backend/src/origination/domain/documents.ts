import { sniffContent } from './upload-content.js';

/** What a borrower uploads, and what each kind accepts. */
export const DOCUMENT_KINDS = ['identityProof', 'addressProof', 'salarySlip', 'bankStatement', 'selfie'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export const SELFIE_RULES = { maxBytes: 2 * 1024 * 1024, minSide: 480 } as const;

export type UploadVerdict = { ok: true; contentType: string } | { ok: false; status: 413 | 415 | 422; message: string };

const mb = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

/**
 * Whether an upload of `kind` may be stored: PDF, JPEG or PNG by content, at most `maxBytes`; a selfie is a JPEG or
 * PNG photo of at most 2 MB and at least 480×480 pixels. The message says what to do.
 */
export function judgeUpload(kind: DocumentKind, bytes: Buffer, maxBytes: number): UploadVerdict {
  const limit = kind === 'selfie' ? Math.min(maxBytes, SELFIE_RULES.maxBytes) : maxBytes;
  if (bytes.length > limit) return { ok: false, status: 413, message: `The file is larger than ${mb(limit)}; nothing was stored.` };
  const content = sniffContent(bytes);
  if (!content.ok) return { ok: false, status: 415, message: `The file ${content.reason}; upload a PDF, JPEG or PNG.` };
  if (kind === 'selfie') {
    if (content.contentType === 'application/pdf')
      return { ok: false, status: 415, message: 'A selfie must be a JPEG or PNG photo, not a PDF.' };
    if (content.width < SELFIE_RULES.minSide || content.height < SELFIE_RULES.minSide) {
      return {
        ok: false,
        status: 422,
        message: `The selfie is ${content.width}×${content.height} pixels; it must be at least ${SELFIE_RULES.minSide}×${SELFIE_RULES.minSide}.`,
      };
    }
  }
  return { ok: true, contentType: content.contentType };
}
