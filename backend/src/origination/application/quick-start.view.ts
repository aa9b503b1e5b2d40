import { CONSENTS, CONSENT_KEYS, missingSteps, nextPage, RESUME_FOR_DAYS } from '../domain/quick-start.js';
import type { QuickStartLeadRow } from '../leads/quick-start-leads.repository.js';

/**
 * A quick start as its visitor (the phone's proven owner) sees it: their answers so far, the page to continue on, the
 * steps still missing, until when it can be resumed, and the consent texts with their versions. No lead id, no staff
 * field.
 */
export const quickStartView = (lead: QuickStartLeadRow) => ({
  phone: lead.phone,
  next: nextPage(lead.answers),
  missing: missingSteps(lead.answers),
  answers: lead.answers,
  resumableUntil: new Date(lead.updated_at.getTime() + RESUME_FOR_DAYS * 24 * 60 * 60 * 1000).toISOString(),
  consents: CONSENT_KEYS.map((key) => ({ key, version: CONSENTS[key].version, text: CONSENTS[key].text })),
});
