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
  new OriginationError(
    'PROFILE.VALIDATION_FAILED',
    'invalid',
    fields.map((f) => `${f.name}: ${f.message}`).join('; '),
    { fields },
    'Your request has invalid fields',
  );

export const unknownSection = (section: string) =>
  new OriginationError(
    'PROFILE.SECTION_NOT_FOUND',
    'not-found',
    `There is no profile section "${section}"; sections: address, bank, documents, employment, profile, reference, selfie.`,
    { section },
  );

export const documentNotFound = (id: string) =>
  new OriginationError('DOCUMENT.NOT_FOUND', 'not-found', `No document ${id} is yours to see.`, { id });

export const customerNotFound = (id: string) =>
  new OriginationError('CUSTOMER.NOT_FOUND', 'not-found', `No customer has the id ${id}.`, { id });

const UPLOAD_CODES = { 413: 'UPLOAD.TOO_LARGE', 415: 'UPLOAD.UNSUPPORTED_TYPE', 422: 'UPLOAD.IMAGE_TOO_SMALL' } as const;

/** An upload that is not stored: too large, not a PDF/JPEG/PNG by content (or broken), or a selfie too small. */
export const uploadRefused = (reason: keyof typeof UPLOAD_CODES, message: string) =>
  new OriginationError(UPLOAD_CODES[reason], 'unprocessable', message, { fields: [{ name: 'file', message }] }, 'Upload refused');

export const leadNotFound = (id: string) => new OriginationError('LEAD.NOT_FOUND', 'not-found', `No lead ${id} is yours to see.`, { id });

export const leadInvalid = (fields: FieldProblem[]) =>
  new OriginationError(
    'LEAD.VALIDATION_FAILED',
    'invalid',
    fields.map((f) => `${f.name}: ${f.message}`).join('; '),
    { fields },
    'Your request has invalid fields',
  );

/** A status move the funnel does not allow from where the lead is (409, nothing changed). */
export const leadIllegalMove = (message: string, from: string, to: string) =>
  new OriginationError('LEAD.ILLEGAL_TRANSITION', 'conflict', message, { from, to });

export const quickStartInvalid = (fields: FieldProblem[]) =>
  new OriginationError(
    'QUICK_START.VALIDATION_FAILED',
    'invalid',
    fields.map((f) => `${f.name}: ${f.message}`).join('; '),
    { fields },
    'Your request has invalid fields',
  );

/** The phone already has an account (or this quick start already made it): sign in instead (409). */
export const signInInstead = () =>
  new OriginationError(
    'QUICK_START.SIGN_IN_INSTEAD',
    'conflict',
    'This mobile number already has an account. Sign in instead.',
    {},
    'Sign in instead',
  );

/** No quick start is open for this phone (never started, finished, or older than 30 days): start again (409). */
export const quickStartNotStarted = () =>
  new OriginationError(
    'QUICK_START.NOT_STARTED',
    'conflict',
    'No quick start is open for this mobile number: start again from the first step.',
    {},
    'Start again',
  );

/** A step answered before the steps it follows, or a finish before every step (409, nothing saved). */
export const quickStartOutOfOrder = (missing: string[], pages: string[]) =>
  new OriginationError(
    'QUICK_START.STEP_MISSING',
    'conflict',
    `Answer the ${missing.join(', ')} step${missing.length > 1 ? 's' : ''} first.`,
    { missing, pages },
    'A step is missing',
  );

/** A verdict the section's status does not allow (409, nothing changed); a rejection without a reason is a 400 on `reason`. */
export const reviewRefused = (refusal: { code: string; message: string }, section: string) =>
  refusal.code === 'reason-required'
    ? new OriginationError(
        'PROFILE.VALIDATION_FAILED',
        'invalid',
        `reason: ${refusal.message}`,
        { fields: [{ name: 'reason', message: refusal.message }] },
        'Your request has invalid fields',
      )
    : new OriginationError(
        refusal.code === 'missing' ? 'PROFILE.SECTION_MISSING' : 'PROFILE.SECTION_NOT_COMPLETE',
        'conflict',
        `The ${section} section cannot take this verdict: ${refusal.message}.`,
        { section },
      );

export const unknownConsentPurpose = (purpose: string) =>
  new OriginationError(
    'CONSENT.PURPOSE_NOT_FOUND',
    'not-found',
    `There is no consent "${purpose}"; consents: credit-check, terms, privacy, communications, bureau-reporting.`,
    { purpose },
  );

export const consentNotGiven = (purpose: string) =>
  new OriginationError('CONSENT.NOT_GIVEN', 'not-found', `You have no ${purpose} consent in force to withdraw.`, { purpose });

export const consentRequired = (purpose: string, reason: string) =>
  new OriginationError('CONSENT.CONSENT_REQUIRED', 'conflict', reason, { purpose, reason }, 'This consent cannot be withdrawn now');

export const consentNotGivable = (purpose: string) =>
  new OriginationError(
    'CONSENT.NOT_GIVABLE',
    'conflict',
    `The ${purpose} consent is given where an application or a loan agreement asks for it, not on its own; only communications can be given at any time.`,
    { purpose },
  );

export const consentTextChanged = (purpose: string) =>
  new OriginationError(
    'CONSENT.VALIDATION_FAILED',
    'invalid',
    'version: the text has changed since you read it: read it again and give your consent',
    { purpose, fields: [{ name: 'version', message: 'the text has changed since you read it: read it again and give your consent' }] },
    'Your request has invalid fields',
  );
