import { createHash } from 'node:crypto';
import { CONSENTS, type ConsentKey } from './quick-start.js';

/**
 * Consents under the Digital Personal Data Protection Act, 2023 (issue 33 item 5): each consent a borrower gives is
 * kept with its purpose, the exact text shown (a version and the SHA-256 of the text; the texts are kept as data),
 * when and where it was given, and when it was withdrawn. Withdrawal keeps the record. Pure rules, no I/O.
 */
export const CONSENT_PURPOSES = ['credit-check', 'terms', 'privacy', 'communications', 'bureau-reporting'] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];
export const isConsentPurpose = (value: string): value is ConsentPurpose => (CONSENT_PURPOSES as readonly string[]).includes(value);

/** Each purpose in plain words, as the borrower reads it. */
export const PURPOSE_LABELS: Record<ConsentPurpose, string> = {
  'credit-check': 'Checking your credit with credit bureaus',
  terms: 'The terms and conditions of the platform',
  privacy: 'Using your data to process your application',
  communications: 'Offers and news by SMS, email and WhatsApp',
  'bureau-reporting': 'Reporting your loan to credit bureaus',
};

/**
 * Where a consent was given: quick start's consents step (Step4), signing the loan agreement (in the portal or by the
 * email link), or the borrower's own choice in the portal (a consent the law lets them give at any time).
 */
export type ConsentChannel = 'quick-start' | 'agreement-signing' | 'portal';

/**
 * The consents a borrower may give at any time, on their own, with the text they read: only communications (offers
 * and news). The others are given where an application or a signing asks for them.
 */
export const GIVABLE_CONSENTS = {
  communications: {
    version: '2026-12-03',
    text: 'I would like to receive offers and news about loans from the lender by SMS, email and WhatsApp. I can withdraw this at any time under "Your consents", and it never affects my applications or loans.',
  },
} as const satisfies Partial<Record<ConsentPurpose, { version: string; text: string }>>;
export type GivablePurpose = keyof typeof GIVABLE_CONSENTS;
export const isGivable = (purpose: ConsentPurpose): purpose is GivablePurpose => Object.hasOwn(GIVABLE_CONSENTS, purpose);

/** The text of a consent given at any time, as kept. */
export function givableConsentText(purpose: GivablePurpose): ConsentText {
  const { version, text } = GIVABLE_CONSENTS[purpose];
  return { purpose, version, text, hash: consentTextHash(text) };
}

/** Quick start's consent keys and the purposes they record. */
export const QUICK_START_PURPOSES: Record<ConsentKey, ConsentPurpose> = {
  creditCheck: 'credit-check',
  terms: 'terms',
  privacy: 'privacy',
};

/** The text shown for a purpose, as kept: its version, the text and its SHA-256 (hex). */
export type ConsentText = { purpose: ConsentPurpose; version: string; text: string; hash: string };

export const consentTextHash = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/** The text quick start showed for one of its consents, at the version the visitor accepted. */
export function quickStartConsentText(key: ConsentKey, version: string): ConsentText {
  const { text } = CONSENTS[key];
  return { purpose: QUICK_START_PURPOSES[key], version, text, hash: consentTextHash(text) };
}

/** What depends on a borrower's consents: their applications not yet decided or paid out, and their open loans. */
export type ConsentDependents = { applicationsInProgress: number; openLoans: number };

export type WithdrawalDecision = { allowed: true } | { allowed: false; code: 'consent-required'; reason: string };

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/**
 * Whether a consent may be withdrawn now, and if not, why. Communications (marketing) may be withdrawn at any time.
 * The credit check, the terms and the privacy consent are what an application and a loan are made under: not while
 * an application is in progress or a loan is open. Reporting to credit bureaus is a duty while a loan is open (RBI,
 * Credit Information Companies (Regulation) Act, 2005): not while one is. A withdrawn consent is never erased.
 */
export function decideWithdrawal(purpose: ConsentPurpose, dependents: ConsentDependents): WithdrawalDecision {
  const { applicationsInProgress, openLoans } = dependents;
  switch (purpose) {
    case 'communications':
      return { allowed: true };
    case 'bureau-reporting':
      return openLoans > 0
        ? {
            allowed: false,
            code: 'consent-required',
            reason: `You have ${plural(openLoans, 'open loan')}: the lender must report it to credit bureaus until it is closed (RBI rules and the Credit Information Companies (Regulation) Act, 2005).`,
          }
        : { allowed: true };
    case 'credit-check':
    case 'terms':
    case 'privacy': {
      const depending = [
        ...(applicationsInProgress > 0 ? [plural(applicationsInProgress, 'application') + ' in progress'] : []),
        ...(openLoans > 0 ? [plural(openLoans, 'open loan')] : []),
      ];
      return depending.length > 0
        ? {
            allowed: false,
            code: 'consent-required',
            reason: `You have ${depending.join(' and ')} made under this consent: it can be withdrawn once ${applicationsInProgress + openLoans === 1 ? 'it is' : 'they are'} closed, cancelled or decided.`,
          }
        : { allowed: true };
    }
  }
}
