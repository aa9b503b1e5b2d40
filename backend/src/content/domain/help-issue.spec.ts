import { describe, expect, it } from '@jest/globals';
import {
  IllegalIssueTransition,
  IssueClosed,
  issueAge,
  moveIssue,
  nextStatuses,
  resolvedAtAfter,
  statusAfterReply,
  ISSUE_STATUSES,
  type IssueStatus,
} from './help-issue.js';

const at = (iso: string) => new Date(iso);

describe('issue status moves', () => {
  describe('given an open issue', () => {
    it('when staff take it up, then it is in progress', () => expect(moveIssue('open', 'inProgress')).toBe('inProgress'));
    it('when staff skip a step (resolved, closed) or move it nowhere, then it is refused as illegal', () => {
      for (const to of ['resolved', 'closed', 'open'] as IssueStatus[]) expect(() => moveIssue('open', to)).toThrow(IllegalIssueTransition);
    });
  });
  describe('given an issue in progress', () => {
    it('when staff resolve it, then it is resolved', () => expect(moveIssue('inProgress', 'resolved')).toBe('resolved'));
    it('when staff close it unresolved or reopen it, then it is refused', () => {
      for (const to of ['closed', 'open'] as IssueStatus[]) expect(() => moveIssue('inProgress', to)).toThrow(IllegalIssueTransition);
    });
  });
  describe('given a resolved issue', () => {
    it('when staff close it, then it is closed', () => expect(moveIssue('resolved', 'closed')).toBe('closed'));
    it('when staff reopen it, then it is back in progress', () => expect(moveIssue('resolved', 'inProgress')).toBe('inProgress'));
  });
  describe('given a closed issue', () => {
    it('when staff move it anywhere, then it is refused, saying it is closed', () => {
      for (const to of ISSUE_STATUSES) expect(() => moveIssue('closed', to)).toThrow(/it is closed/);
      expect(nextStatuses('closed')).toEqual([]);
    });
  });
});

describe('replies', () => {
  it('given an open issue, when staff reply publicly, then it is in progress; an internal note leaves it open', () => {
    expect(statusAfterReply('open', 'staff', false)).toBe('inProgress');
    expect(statusAfterReply('open', 'staff', true)).toBe('open');
  });
  it('given a resolved issue, when the borrower replies, then it is reopened (in progress); staff replies leave it resolved', () => {
    expect(statusAfterReply('resolved', 'borrower', false)).toBe('inProgress');
    expect(statusAfterReply('resolved', 'staff', false)).toBe('resolved');
  });
  it('given an open issue, when the borrower adds to it, then it stays open', () =>
    expect(statusAfterReply('open', 'borrower', false)).toBe('open'));
  it('given a closed issue, when anyone replies, then it is refused', () => {
    expect(() => statusAfterReply('closed', 'borrower', false)).toThrow(IssueClosed);
    expect(() => statusAfterReply('closed', 'staff', true)).toThrow(IssueClosed);
  });
});

describe('age against the service level', () => {
  const createdAt = at('2026-11-20T10:00:00Z');
  it('given an unresolved issue within the level, then its age counts to now and it is not overdue', () => {
    expect(issueAge({ createdAt, resolvedAt: null, status: 'open' }, at('2026-11-21T09:59:00Z'), 48)).toEqual({
      ageHours: 23,
      dueAt: at('2026-11-22T10:00:00Z'),
      overdue: false,
    });
  });
  it('given an unresolved issue past the level, then it is overdue', () => {
    expect(issueAge({ createdAt, resolvedAt: null, status: 'inProgress' }, at('2026-11-22T10:00:01Z'), 48)).toMatchObject({
      ageHours: 48,
      overdue: true,
    });
  });
  it('given an issue resolved in time, then its age stops at the resolution and it is never overdue later', () => {
    expect(issueAge({ createdAt, resolvedAt: at('2026-11-21T16:00:00Z'), status: 'closed' }, at('2026-12-30T00:00:00Z'), 48)).toMatchObject(
      { ageHours: 30, overdue: false },
    );
  });
  it('given an issue resolved late, then it stays marked overdue', () => {
    expect(
      issueAge({ createdAt, resolvedAt: at('2026-11-23T10:00:00Z'), status: 'resolved' }, at('2026-11-23T11:00:00Z'), 48),
    ).toMatchObject({ ageHours: 72, overdue: true });
  });
  it('the level is configurable: 4 hours makes a 5-hour-old issue overdue', () => {
    expect(issueAge({ createdAt, resolvedAt: null, status: 'open' }, at('2026-11-20T15:00:00Z'), 4)).toMatchObject({
      ageHours: 5,
      overdue: true,
    });
  });
});

describe('resolution time', () => {
  const now = at('2026-11-21T00:00:00Z');
  const before = at('2026-11-20T00:00:00Z');
  it('is set when resolved, cleared when reopened, kept when closed', () => {
    expect(resolvedAtAfter('resolved', null, now)).toEqual(now);
    expect(resolvedAtAfter('inProgress', before, now)).toBeNull();
    expect(resolvedAtAfter('closed', before, now)).toEqual(before);
  });
});
