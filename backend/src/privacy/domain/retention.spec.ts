import { describe, expect, it } from '@jest/globals';
import { addYears, erasedWhat, erasurePlan, retentionDuty, type RelationshipItem } from './retention.js';

const TODAY = '2026-12-03';
const loan = (state: string, running: boolean, endedOn: string | null = null): RelationshipItem => ({
  loanId: `loan-${state}-${endedOn ?? 'now'}`,
  state,
  running,
  endedOn,
});

describe('addYears', () => {
  it('keeps the day; 29 February becomes 28 February in a year without one', () => {
    expect(addYears('2026-12-03', 5)).toBe('2031-12-03');
    expect(addYears('2024-02-29', 5)).toBe('2029-02-28');
    expect(addYears('2024-02-29', 4)).toBe('2028-02-29');
  });
});

describe('retentionDuty', () => {
  it('given no application ever, when asked, then there is no duty', () => {
    expect(retentionDuty([], TODAY)).toEqual({ kind: 'none', endedOn: null });
  });

  it('given an active loan (or an application in progress), then records are kept while it runs', () => {
    const active = loan('active', true);
    expect(retentionDuty([active, loan('closed', false, '2025-01-10')], TODAY)).toEqual({
      kind: 'while-running',
      running: [active.loanId],
    });
    expect(retentionDuty([loan('applied', true)], TODAY).kind).toBe('while-running');
  });

  it('given loans that ended, then records are kept until five years after the last one ended', () => {
    expect(retentionDuty([loan('closed', false, '2024-03-01'), loan('rejected', false, '2025-06-30')], TODAY)).toEqual({
      kind: 'until',
      until: '2030-06-30',
      endedOn: '2025-06-30',
    });
  });

  it('given the last loan ended exactly five years ago today, then today is still kept; the day after, no duty is left', () => {
    expect(retentionDuty([loan('closed', false, '2021-12-03')], TODAY)).toEqual({ kind: 'until', until: TODAY, endedOn: '2021-12-03' });
    expect(retentionDuty([loan('closed', false, '2021-12-02')], TODAY)).toEqual({ kind: 'none', endedOn: '2021-12-02' });
  });
});

describe('erasurePlan', () => {
  it('given no duty and no loan, then everything is erased and only the consent records are kept', () => {
    const plan = erasurePlan({ kind: 'none', endedOn: null });
    expect(plan.erase).toEqual(['push-devices', 'sessions', 'marketing-consent', 'profile', 'help-issues', 'messages', 'account']);
    expect(plan.kept.map((k) => k.part)).toEqual(['consent-records']);
  });

  it('given a running loan, then devices, sessions and marketing go; account, KYC, loan records, correspondence and the event log are kept while it runs, with why', () => {
    const plan = erasurePlan({ kind: 'while-running', running: ['l1'] });
    expect(plan.erase).toEqual(['push-devices', 'sessions', 'marketing-consent']);
    expect(plan.kept.map((k) => k.part)).toEqual([
      'account',
      'profile',
      'loan-records',
      'messages',
      'help-issues',
      'event-log',
      'consent-records',
    ]);
    const kyc = plan.kept.find((k) => k.part === 'profile')!;
    expect(kyc.until).toBeNull();
    expect(kyc.untilText).toMatch(/While your application or loan runs, then 5 years after the last one ends/);
    expect(kyc.why).toMatch(/Know Your Customer \(KYC\) Direction, 2016, Chapter VII Record Management \(b\)/);
    expect(plan.kept.find((k) => k.part === 'loan-records')!.why).toMatch(/Record Management \(a\)/);
  });

  it('names the account as kept (its details) or as erased (replaced by placeholders, closed)', () => {
    const kept = erasurePlan({ kind: 'while-running', running: ['l1'] }).kept.find((k) => k.part === 'account')!;
    expect(kept.what).toBe('Your account: name, email, phone, password, social sign-in and one-time codes');
    expect(erasedWhat('account')).toMatch(/replaced by placeholders.*the account closed/);
    expect(erasedWhat('sessions')).toMatch(/^Signed-in devices/);
  });

  it('given a duty until a day, then what is kept says that day', () => {
    const plan = erasurePlan({ kind: 'until', until: '2030-06-30', endedOn: '2025-06-30' });
    expect(plan.kept.find((k) => k.part === 'account')).toEqual(
      expect.objectContaining({ until: '2030-06-30', untilText: expect.stringContaining('Until 2030-06-30') }),
    );
  });

  it('given the duty has run out after loans, then contact details and KYC are erased; the loan records and events stay, without them', () => {
    const plan = erasurePlan({ kind: 'none', endedOn: '2020-01-01' });
    expect(plan.erase).toContain('account');
    expect(plan.erase).toContain('profile');
    expect(plan.kept.map((k) => k.part)).toEqual(['loan-records', 'event-log', 'consent-records']);
  });
});
