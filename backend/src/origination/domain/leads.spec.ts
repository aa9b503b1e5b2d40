import { describe, expect, it } from '@jest/globals';
import { changesBetween, decideStatusMove, duplicatesOf, followUpRank, validLeadFields, type LeadStatus } from './leads.js';

const BORROWER = '11111111-1111-4111-8111-111111111111';

describe('lead status moves', () => {
  describe('given a new lead', () => {
    it('when it is contacted, then it moves', () => {
      expect(decideStatusMove('new', { to: 'contacted' })).toEqual({ ok: true, status: 'contacted', lostReason: null, borrowerId: null });
    });
    it('when it is lost with a reason, then it moves and keeps the reason', () => {
      expect(decideStatusMove('new', { to: 'lost', reason: '  not interested ' })).toEqual({
        ok: true,
        status: 'lost',
        lostReason: 'not interested',
        borrowerId: null,
      });
    });
    it('when it is lost without a reason (or a blank one), then it is refused naming the reason field', () => {
      for (const reason of [undefined, null, '', '   ']) {
        expect(decideStatusMove('new', { to: 'lost', reason })).toEqual({
          ok: false,
          refusal: { kind: 'invalid', fields: [{ name: 'reason', message: 'a lost lead needs a reason' }] },
        });
      }
    });
    it('when it skips a step (interested, converted), then it is refused as illegal', () => {
      for (const to of ['interested', 'converted', 'new'] as LeadStatus[]) {
        const decision = decideStatusMove('new', { to, borrowerId: BORROWER });
        expect(decision).toEqual({
          ok: false,
          refusal: { kind: 'illegal', message: `A new lead can move to contacted or lost, not to ${to}.` },
        });
      }
    });
  });

  describe('given an interested lead', () => {
    it('when it converts to a borrower, then it links to them', () => {
      expect(decideStatusMove('interested', { to: 'converted', borrowerId: BORROWER })).toEqual({
        ok: true,
        status: 'converted',
        lostReason: null,
        borrowerId: BORROWER,
      });
    });
    it('when it converts without a borrower, then it is refused naming borrowerId', () => {
      const decision = decideStatusMove('interested', { to: 'converted' });
      expect(decision.ok).toBe(false);
      expect(!decision.ok && decision.refusal).toEqual({
        kind: 'invalid',
        fields: [{ name: 'borrowerId', message: 'a converted lead links to the borrower it became' }],
      });
    });
    it('when it goes back to contacted, then it is refused', () => {
      expect(decideStatusMove('interested', { to: 'contacted' }).ok).toBe(false);
    });
  });

  describe('given a final lead (converted or lost)', () => {
    it('when any move is asked, then it is refused as final', () => {
      for (const from of ['converted', 'lost'] as LeadStatus[]) {
        for (const to of ['new', 'contacted', 'interested', 'converted', 'lost'] as LeadStatus[]) {
          expect(decideStatusMove(from, { to, reason: 'x', borrowerId: BORROWER })).toEqual({
            ok: false,
            refusal: { kind: 'illegal', message: `A ${from} lead is final; its status cannot change.` },
          });
        }
      }
    });
  });

  it('lost is reachable from every open status', () => {
    for (const from of ['new', 'contacted', 'interested'] as LeadStatus[])
      expect(decideStatusMove(from, { to: 'lost', reason: 'moved away' }).ok).toBe(true);
  });
});

describe('lead fields', () => {
  it('given valid fields, when validated, then they are stored normalised', () => {
    expect(validLeadFields({ name: '  Asha   Rao ', phone: '98765 43210', email: ' Asha@Example.COM ', followUpOn: '2026-11-24' })).toEqual(
      {
        ok: true,
        fields: { name: 'Asha Rao', phone: '+919876543210', email: 'asha@example.com', followUpOn: '2026-11-24' },
      },
    );
    expect(validLeadFields({ name: 'Ravi', phone: '+919876543210', email: '', followUpOn: null })).toEqual({
      ok: true,
      fields: { name: 'Ravi', phone: '+919876543210', email: null, followUpOn: null },
    });
  });
  it('given bad fields, when validated, then each is named', () => {
    const result = validLeadFields({ name: 'A', phone: '12345', email: 'not-an-email', followUpOn: '2026-02-30' });
    expect(!result.ok && result.problems.map((p) => p.name)).toEqual(['name', 'phone', 'email', 'followUpOn']);
    // A year PostgreSQL cannot store (year 0) is refused here, not by the database.
    const yearZero = validLeadFields({ name: 'Ravi', phone: '+919876543210', followUpOn: '0000-01-01' });
    expect(!yearZero.ok && yearZero.problems).toEqual([{ name: 'followUpOn', message: 'must be between 1900-01-01 and 2999-12-31' }]);
  });
});

describe('duplicates', () => {
  const others = [
    { id: 'a', phone: '+919876543210', email: null },
    { id: 'b', phone: '+919000000000', email: 'ASHA@example.com' },
    { id: 'c', phone: '+919111111111', email: 'someone@example.com' },
  ];
  it('given leads sharing the phone or the email (any case), when a lead is checked, then they are flagged', () => {
    expect(duplicatesOf({ id: 'x', phone: '+919876543210', email: 'asha@example.com' }, others)).toEqual(['a', 'b']);
  });
  it('given only itself and strangers, when checked, then nothing is flagged (no email never matches no email)', () => {
    expect(duplicatesOf({ id: 'a', phone: '+919876543210', email: null }, others)).toEqual([]);
    expect(duplicatesOf({ id: 'y', phone: '+919222222222', email: null }, others)).toEqual([]);
  });
});

describe('audited edits and the worklist order', () => {
  it('given an edit, when compared, then only changed fields are listed with from and to', () => {
    const before = { name: 'Asha', phone: '+919876543210', email: null, assignedTo: null, followUpOn: null };
    expect(changesBetween(before, { ...before, email: 'a@b.in', followUpOn: '2026-11-30' })).toEqual([
      { field: 'email', from: null, to: 'a@b.in' },
      { field: 'followUpOn', from: null, to: '2026-11-30' },
    ]);
    expect(changesBetween(before, { ...before })).toEqual([]);
  });
  it('given follow-up dates, when ranked on a day, then today comes first, then overdue, later, none', () => {
    const today = '2026-11-23';
    const dates = [null, '2026-11-30', '2026-11-20', today];
    expect([...dates].sort((a, b) => followUpRank(a, today) - followUpRank(b, today))).toEqual([today, '2026-11-20', '2026-11-30', null]);
  });
});
