import { describe, expect, it } from 'vitest';
import type { CloseOfBusinessRun } from '@lending/web-common/api';
import { closedThrough, runProgress, runSummary } from './close-of-business';

const RUN: CloseOfBusinessRun = {
  id: 'run-1',
  date: '2026-12-28',
  businessDate: '2026-12-29',
  status: 'completed',
  requestedBy: 'staff-1',
  startedAt: '2026-12-29T05:00:00Z',
  finishedAt: '2026-12-29T05:00:02Z',
  loansToVisit: 4,
  loansVisited: 4,
  loansAged: 3,
  eventsAppended: 9,
  reclassified: 2,
  penaltiesApplied: 1,
  remindersQueued: 5,
  presentationsDecided: 2,
  presentationsSent: 2,
  failure: null,
};

describe('close of business from the console', () => {
  it('closes through the day before the business date, across month and year ends', () => {
    expect(closedThrough('2026-12-29')).toBe('2026-12-28');
    expect(closedThrough('2027-01-01')).toBe('2026-12-31');
    expect(closedThrough('2028-03-01')).toBe('2028-02-29');
  });

  it('shows progress as loans visited of loans to visit while running, and 100 once finished', () => {
    expect(runProgress({ status: 'running', loansVisited: 1, loansToVisit: 4 })).toBe(25);
    expect(runProgress({ status: 'running', loansVisited: 0, loansToVisit: 0 })).toBe(0);
    expect(runProgress({ status: 'completed', loansVisited: 0, loansToVisit: 0 })).toBe(100);
  });

  it('summarises loans aged, reclassified, penal charges, reminders and auto-debits', () => {
    expect(runSummary(RUN)).toEqual([
      ['Loans aged', 3],
      ['Loans reclassified', 2],
      ['Penal charges applied', 1],
      ['Reminders queued', 5],
      ['Auto-debits decided', 2],
      ['Auto-debits sent', 2],
      ['Events recorded', 9],
    ]);
  });
});
