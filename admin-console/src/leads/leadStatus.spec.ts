import { describe, expect, it } from 'vitest';
import { leadBody, NEXT_STATUSES, statusBody, statusDraftProblems } from './leadStatus';

describe('lead status dialog', () => {
  it('offers one step forward or lost, nothing from a final status', () => {
    expect(NEXT_STATUSES.new).toEqual(['contacted', 'lost']);
    expect(NEXT_STATUSES.interested).toEqual(['converted', 'lost']);
    expect(NEXT_STATUSES.converted).toEqual([]);
    expect(NEXT_STATUSES.lost).toEqual([]);
  });

  it('asks a reason for lost; a borrower id for converted is a UUID or empty (the server matches by phone or email)', () => {
    expect(statusDraftProblems({ status: '', reason: '', borrowerId: '' })).toEqual({ status: 'Choose the new status' });
    expect(statusDraftProblems({ status: 'lost', reason: '  ', borrowerId: '' })).toEqual({ reason: 'A lost lead needs a reason' });
    expect(Object.keys(statusDraftProblems({ status: 'converted', reason: '', borrowerId: 'abc' }))).toEqual(['borrowerId']);
    expect(statusDraftProblems({ status: 'converted', reason: '', borrowerId: '' })).toEqual({});
    expect(statusDraftProblems({ status: 'contacted', reason: '', borrowerId: '' })).toEqual({});
  });

  it('sends only what the status needs', () => {
    expect(statusBody({ status: 'lost', reason: ' moved away ', borrowerId: 'x' })).toEqual({ status: 'lost', reason: 'moved away' });
    const id = '11111111-1111-4111-8111-111111111111';
    expect(statusBody({ status: 'converted', reason: '', borrowerId: ` ${id}` })).toEqual({ status: 'converted', borrowerId: id });
    expect(statusBody({ status: 'converted', reason: '', borrowerId: '' })).toEqual({ status: 'converted' });
  });

  it('saves only the editable fields, the agent only where it may be changed', () => {
    const record = {
      id: 'x',
      name: 'Asha',
      phone: '+919876543210',
      email: '',
      followUpOn: '2026-12-01',
      assignedTo: 'a',
      history: [],
      notes: [],
      duplicates: [],
    };
    expect(leadBody(record, { withAgent: true })).toEqual({
      name: 'Asha',
      phone: '+919876543210',
      email: null,
      followUpOn: '2026-12-01',
      assignedTo: 'a',
    });
    expect(leadBody(record, { withAgent: false })).toEqual({ name: 'Asha', phone: '+919876543210', email: null, followUpOn: '2026-12-01' });
  });
});
