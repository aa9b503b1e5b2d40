import type { FirebaseWebConfig } from '../push/push-config';

/**
 * Analytics decisions, pure (issue 15 item 6, spec §8, §9): analytics runs only with a measurement id configured AND
 * the visitor's consent, and the application funnel is read from the paths the visitor moves through.
 */
export type Consent = 'granted' | 'denied' | null;

export function analyticsConfigured(config: FirebaseWebConfig): boolean {
  return Boolean(config.apiKey && config.projectId && config.appId && config.measurementId);
}

export function shouldLoadAnalytics(configured: boolean, consent: Consent): boolean {
  return configured && consent === 'granted';
}

/** Ask for consent only where analytics could run and the visitor has not answered yet. */
export function shouldAskConsent(configured: boolean, consent: Consent): boolean {
  return configured && consent === null;
}

/**
 * Spec §9's analytics constants belong to the Firebase SDK (its remote config fetch gives up after 60 s; Firebase
 * Installations polls every 100 ms while a registration is pending): named here for the docs, not re-implemented.
 */
export const ANALYTICS_CONFIG_FETCH_TIMEOUT_MS = 60_000;
export const INSTALLATION_POLLING_MS = 100;

export type FunnelEvent = { name: 'quick_start_step' | 'application_step' | 'payment_step'; params: Record<string, string> };

/** The funnel step a path is, if any: quick start steps, application steps (Step0 … Step7), payment. */
export function funnelEventOf(pathname: string): FunnelEvent | undefined {
  if (pathname === '/quickStart') return { name: 'quick_start_step', params: { step: 'start' } };
  const quick = /^\/quickStart\/components\/([^/]+)$/.exec(pathname);
  if (quick) return { name: 'quick_start_step', params: { step: decodeURIComponent(quick[1]) } };
  const start = /^\/User\/newLoan\/(Emi|salaryAdvance)$/.exec(pathname);
  if (start) return { name: 'application_step', params: { step: 'start', loan_type: start[1] } };
  const step = /^\/User\/newLoan\/(Emi|salaryAdvance)\/[^/]+\/(Step\d)(\/.*)?$/.exec(pathname);
  if (step) return { name: 'application_step', params: { step: step[2], loan_type: step[1] } };
  if (pathname === '/User/Loans/verifypayment') return { name: 'payment_step', params: { step: 'verify' } };
  return undefined;
}

/** Page views carry the path only, secrets and ids replaced (page-view-privacy.ts). */
export { pageViewLocation, pageViewPath } from './page-view-privacy';
