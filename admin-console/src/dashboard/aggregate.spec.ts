import { describe, expect, it } from 'vitest';
import { aggregateByDay, daysBetween } from './aggregate';

describe('activity per day', () => {
  it('lists every day of the range, inclusive', () => {
    expect(daysBetween('2026-10-30', '2026-11-02')).toEqual(['2026-10-30', '2026-10-31', '2026-11-01', '2026-11-02']);
  });

  it('counts applications, final approvals and disbursals on their own days, with zeros between', () => {
    const gate = (at: string) => ({ at, actor: { id: 's', role: 'staff' as const } });
    const loans = [
      { createdAt: '2026-11-01T05:00:00Z', approvals: { final: gate('2026-11-03T10:00:00Z') }, disbursedOn: '2026-11-03' },
      { createdAt: '2026-11-01T23:59:59Z', approvals: {}, disbursedOn: null },
      { createdAt: '2026-11-03T00:00:00Z', approvals: { final: null }, disbursedOn: null },
      { createdAt: '2026-10-20T00:00:00Z', approvals: {}, disbursedOn: null },
    ];
    expect(aggregateByDay(loans, '2026-11-01', '2026-11-03')).toEqual([
      { day: '2026-11-01', applications: 2, approvals: 0, disbursals: 0 },
      { day: '2026-11-02', applications: 0, approvals: 0, disbursals: 0 },
      { day: '2026-11-03', applications: 1, approvals: 1, disbursals: 1 },
    ]);
  });
});
