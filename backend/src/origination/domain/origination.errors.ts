import { DomainError, type ErrorKind } from '../../platform/errors/domain-error.js';
import type { FieldProblem } from './profile-sections.js';

/** Origination's refusals: a stable code (the problem `type` is the part after the dot) and a kind. */
export class OriginationError extends DomainError {
  constructor(
    readonly code: string,
    readonly kind: ErrorKind,
    message: string,
    details: Record<string, unknown> = {},
    override readonly title?: string,
  ) {
    super(message, details);
  }
}

export const sectionInvalid = (fields: FieldProblem[]) =>
  new OriginationError('PROFILE.VALIDATION_FAILED', 'invalid', fields.map((f) => `${f.name}: ${f.message}`).join('; '), { fields }, 'Your request has invalid fields');

export const unknownSection = (section: string) =>
  new OriginationError('PROFILE.SECTION_NOT_FOUND', 'not-found', `There is no profile section "${section}"; sections: address, bank, documents, employment, profile, reference, selfie.`, { section });

export const documentNotFound = (id: string) => new OriginationError('DOCUMENT.NOT_FOUND', 'not-found', `No document ${id} is yours to see.`, { id });

export const customerNotFound = (id: string) => new OriginationError('CUSTOMER.NOT_FOUND', 'not-found', `No customer has the id ${id}.`, { id });

const UPLOAD_CODES = { 413: 'UPLOAD.TOO_LARGE', 415: 'UPLOAD.UNSUPPORTED_TYPE', 422: 'UPLOAD.IMAGE_TOO_SMALL' } as const;

/** An upload that is not stored: too large, not a PDF/JPEG/PNG by content (or broken), or a selfie too small. */
export const uploadRefused = (reason: keyof typeof UPLOAD_CODES, message: string) =>
  new OriginationError(UPLOAD_CODES[reason], 'unprocessable', message, { fields: [{ name: 'file', message }] }, 'Upload refused');

export const leadNotFound = (id: string) => new OriginationError('LEAD.NOT_FOUND', 'not-found', `No lead ${id} is yours to see.`, { id });

export const leadInvalid = (fields: FieldProblem[]) =>
  new OriginationError('LEAD.VALIDATION_FAILED', 'invalid', fields.map((f) => `${f.name}: ${f.message}`).join('; '), { fields }, 'Your request has invalid fields');

/** A status move the funnel does not allow from where the lead is (409, nothing changed). */
export const leadIllegalMove = (message: string, from: string, to: string) => new OriginationError('LEAD.ILLEGAL_TRANSITION', 'conflict', message, { from, to });
