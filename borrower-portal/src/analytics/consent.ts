import type { Consent } from './analytics-decisions';

/** The visitor's analytics consent, kept in local storage (it is theirs, not the account's). */
const KEY = 'analytics_consent';
const CHANGED = 'lending:analytics-consent';

export function analyticsConsent(): Consent {
  const value = typeof localStorage === 'undefined' ? null : localStorage.getItem(KEY);
  return value === 'granted' || value === 'denied' ? value : null;
}

export function setAnalyticsConsent(consent: 'granted' | 'denied'): void {
  localStorage.setItem(KEY, consent);
  window.dispatchEvent(new Event(CHANGED));
}

export function onConsentChanged(listener: () => void): () => void {
  window.addEventListener(CHANGED, listener);
  return () => window.removeEventListener(CHANGED, listener);
}
