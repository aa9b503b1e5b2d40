import { describe, expect, it } from '@jest/globals';
import { grievanceReport, grievanceReportCsv, shouldEscalate } from './grievance.js';

const received = new Date('2026-11-02T06:00:00Z');
const complaint = { category: 'complaint', status: 'open', createdAt: received, escalatedAt: null };
const DAY = 24 * 3600_000;

describe('a complaint not resolved in 30 days is escalated', () => {
  it('given a complaint received 30 days ago less one second, then it is not escalated yet', () => {
    expect(shouldEscalate(complaint, new Date(received.getTime() + 30 * DAY - 1000))).toBe(false);
  });

  it('given a complaint received exactly 30 days ago and still open, then it is escalated', () => {
    expect(shouldEscalate(complaint, new Date(received.getTime() + 30 * DAY))).toBe(true);
  });

  it('given one in progress after 31 days, then it is escalated', () => {
    expect(shouldEscalate({ ...complaint, status: 'inProgress' }, new Date(received.getTime() + 31 * DAY))).toBe(true);
  });

  it.each(['resolved', 'closed'])('given one %s, then it is not escalated however old', (status) => {
    expect(shouldEscalate({ ...complaint, status }, new Date(received.getTime() + 90 * DAY))).toBe(false);
  });

  it('given one escalated already, or an issue that is not a complaint, then nothing changes', () => {
    const late = new Date(received.getTime() + 40 * DAY);
    expect(shouldEscalate({ ...complaint, escalatedAt: new Date(received.getTime() + 30 * DAY) }, late)).toBe(false);
    expect(shouldEscalate({ ...complaint, category: 'repayment' }, late)).toBe(false);
  });
});

describe('the monthly grievance report', () => {
  const at = (iso: string) => new Date(iso);
  const complaints = [
    // Received in November, resolved in December within 30 days.
    { createdAt: at('2026-11-20T06:00:00Z'), resolvedAt: at('2026-12-10T06:00:00Z'), escalatedAt: null },
    // Received in November, escalated in December, resolved later in December (late).
    { createdAt: at('2026-11-01T06:00:00Z'), resolvedAt: at('2026-12-20T06:00:00Z'), escalatedAt: at('2026-12-01T06:00:00Z') },
    // Received on 1 December 00:30 IST (30 November 19:00 UTC): December in the business time zone.
    { createdAt: at('2026-11-30T19:00:00Z'), resolvedAt: null, escalatedAt: null },
  ];

  it('given complaints across months, then December counts what was received, resolved, resolved in time and escalated in it', () => {
    expect(grievanceReport('2026-12', complaints, 'Asia/Kolkata')).toEqual({
      month: '2026-12',
      received: 1,
      resolved: 2,
      resolvedWithinSla: 1,
      escalated: 1,
      slaDays: 30,
    });
    expect(grievanceReport('2026-11', complaints, 'Asia/Kolkata')).toMatchObject({ received: 2, resolved: 0, escalated: 0 });
  });

  it('as CSV: a header and one line', () => {
    expect(grievanceReportCsv(grievanceReport('2026-12', complaints, 'Asia/Kolkata'))).toBe(
      'month,received,resolved,resolved_within_sla,escalated,sla_days\r\n2026-12,1,2,1,1,30\r\n',
    );
  });
});
