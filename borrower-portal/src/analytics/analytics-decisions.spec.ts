import { describe, expect, it } from 'vitest';
import { analyticsConfigured, funnelEventOf, pageViewPath, shouldAskConsent, shouldLoadAnalytics } from './analytics-decisions';

const config = { apiKey: 'k', projectId: 'p', appId: 'a', measurementId: 'G-TEST' };

describe('may analytics run?', () => {
  it('given configuration and consent, then yes', () => expect(shouldLoadAnalytics(analyticsConfigured(config), 'granted')).toBe(true));
  it('given configuration but no answer yet, then no, and ask', () => {
    expect(shouldLoadAnalytics(true, null)).toBe(false);
    expect(shouldAskConsent(true, null)).toBe(true);
  });
  it('given a refusal, then no, and do not ask again', () => {
    expect(shouldLoadAnalytics(true, 'denied')).toBe(false);
    expect(shouldAskConsent(true, 'denied')).toBe(false);
  });
  it('given no measurement id, then no, and nothing to ask', () => {
    expect(analyticsConfigured({ ...config, measurementId: undefined })).toBe(false);
    expect(shouldLoadAnalytics(false, 'granted')).toBe(false);
    expect(shouldAskConsent(false, null)).toBe(false);
  });
});

describe('the funnel step of a path', () => {
  it.each([
    ['/quickStart', { name: 'quick_start_step', params: { step: 'start' } }],
    ['/quickStart/components/mobile', { name: 'quick_start_step', params: { step: 'mobile' } }],
    ['/User/newLoan/Emi', { name: 'application_step', params: { step: 'start', loan_type: 'Emi' } }],
    ['/User/newLoan/salaryAdvance/3f2a/Step1', { name: 'application_step', params: { step: 'Step1', loan_type: 'salaryAdvance' } }],
    ['/User/newLoan/Emi/3f2a/Step5/pdfDisplay', { name: 'application_step', params: { step: 'Step5', loan_type: 'Emi' } }],
    ['/User/Loans/verifypayment', { name: 'payment_step', params: { step: 'verify' } }],
  ])('given %s, then %o', (path, event) => expect(funnelEventOf(path)).toEqual(event));

  it('given another page, then none', () => expect(funnelEventOf('/About')).toBeUndefined());
});

it('page views never carry ids', () => {
  expect(pageViewPath('/User/Loans/3f2a91c0-0000-4000-8000-000000000000')).toBe('/User/Loans/:id');
});
