import type { SectionStatus } from './profile-sections.js';

export type SectionVerdict = { status: 'verified' | 'rejected'; reason: string | null };

export type ReviewRefusal = { code: 'missing' | 'not-complete' | 'reason-required'; message: string };

/**
 * Staff's verdict on a section (spec §2, Customers), given what the section is now:
 * - a missing section cannot be reviewed;
 * - verified needs a complete section (one the borrower saved and nobody has reviewed since): a rejected section
 *   must be saved again by the borrower first, and a verified one is verified already;
 * - rejected needs a reason (the borrower reads it), and applies to a complete or a verified section.
 * Undefined when the verdict may be recorded.
 */
export function reviewRefusal(current: SectionStatus, verdict: SectionVerdict): ReviewRefusal | undefined {
  if (verdict.status === 'rejected' && !verdict.reason?.trim())
    return { code: 'reason-required', message: 'a rejection needs a reason the borrower can act on' };
  if (current === 'missing') return { code: 'missing', message: 'the borrower has not filled this section in yet' };
  if (verdict.status === 'verified' && current !== 'complete') {
    return {
      code: 'not-complete',
      message:
        current === 'verified'
          ? 'this section is verified already'
          : 'this section was rejected: the borrower must save it again before it can be verified',
    };
  }
  if (verdict.status === 'rejected' && current === 'rejected')
    return { code: 'not-complete', message: 'this section is rejected already; the borrower has not saved it since' };
  return undefined;
}
