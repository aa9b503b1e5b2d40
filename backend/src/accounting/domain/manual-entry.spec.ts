import { describe, expect, it } from '@jest/globals';
import { AlreadyDecided, BooksRefused, NotFound, SamePerson } from './accounting.errors.js';
import {
  decideManualEntry,
  evolveManualEntry,
  manualEntryProblems,
  type ChartLookup,
  type ManualEntryDraft,
  type ManualEntryEvent,
  type ManualEntryState,
} from './manual-entry.js';

const CHART: ChartLookup = new Map([
  ['1000', { active: true, heading: true }],
  ['1010', { active: true, heading: false }],
  ['3100', { active: true, heading: false }],
  ['2200', { active: false, heading: false }],
]);
const AT = '2026-12-02T10:00:00.000Z';
const CAPITAL: ManualEntryDraft = {
  date: '2026-12-01',
  narration: 'Share capital paid in',
  lines: [
    { accountCode: '1010', debit: 50_000_000, credit: 0 },
    { accountCode: '3100', debit: 0, credit: 50_000_000 },
  ],
};
const fieldsOf = (draft: ManualEntryDraft, closedThrough: string | null = null) =>
  manualEntryProblems(draft, CHART, closedThrough).map((p) => p.name);
const given = (events: ManualEntryEvent[]): ManualEntryState => events.reduce(evolveManualEntry, { status: 'none' } as ManualEntryState);
const proposed: ManualEntryEvent = { type: 'ManualJournalEntryProposed', data: { entryId: 'e1', ...CAPITAL, by: 'maker', at: AT } };

describe('the rules of a manual entry', () => {
  it('given a balanced entry on open dates to active accounts, when checked, then nothing is wrong', () => {
    expect(manualEntryProblems(CAPITAL, CHART, '2026-11-30')).toEqual([]);
  });

  it('given debits that differ from credits, then `lines` says by how much', () => {
    const problems = manualEntryProblems(
      { ...CAPITAL, lines: [CAPITAL.lines[0], { ...CAPITAL.lines[1], credit: 40_000_000 }] },
      CHART,
      null,
    );
    expect(problems).toEqual([{ name: 'lines', message: 'debits (50000000) and credits (40000000) differ by 10000000' }]);
  });

  it('given one line, then `lines`', () => {
    expect(fieldsOf({ ...CAPITAL, lines: [CAPITAL.lines[0]] })).toEqual(['lines']);
  });

  it('given an unknown, an inactive or a heading account, then that line’s accountCode', () => {
    const lines = [
      { accountCode: '9999', debit: 100, credit: 0 },
      { accountCode: '2200', debit: 0, credit: 50 },
      { accountCode: '1000', debit: 0, credit: 50 },
    ];
    expect(fieldsOf({ ...CAPITAL, lines })).toEqual(['lines[0].accountCode', 'lines[1].accountCode', 'lines[2].accountCode']);
  });

  it('given a zero line, a negative amount or both sides on one line, then that line', () => {
    const lines = [
      { accountCode: '1010', debit: 0, credit: 0 },
      { accountCode: '1010', debit: -5, credit: 0 },
      { accountCode: '3100', debit: 5, credit: 5 },
    ];
    expect(fieldsOf({ ...CAPITAL, lines })).toEqual(['lines[0]', 'lines[1].debit', 'lines[2]']);
  });

  it('given a date in a closed period, then `date`; the day after the close is open', () => {
    expect(fieldsOf(CAPITAL, '2026-12-31')).toEqual(['date']);
    expect(fieldsOf({ ...CAPITAL, date: '2026-12-01' }, '2026-12-01')).toEqual(['date']);
    expect(fieldsOf({ ...CAPITAL, date: '2026-12-02' }, '2026-12-01')).toEqual([]);
  });

  it('given a blank narration, then `narration`', () => {
    expect(fieldsOf({ ...CAPITAL, narration: '  ' })).toEqual(['narration']);
  });
});

describe('maker-checker', () => {
  it('given nothing, when a valid entry is proposed, then ManualJournalEntryProposed', () => {
    const events = decideManualEntry(given([]), { type: 'Propose', entryId: 'e1', draft: CAPITAL, by: 'maker', at: AT }, CHART, null);
    expect(events).toEqual([proposed]);
  });

  it('given nothing, when an unbalanced entry is proposed, then it is refused with its fields and nothing is recorded', () => {
    const draft = { ...CAPITAL, lines: [CAPITAL.lines[0]] };
    expect(() => decideManualEntry(given([]), { type: 'Propose', entryId: 'e1', draft, by: 'maker', at: AT }, CHART, null)).toThrow(
      BooksRefused,
    );
  });

  it('given a proposal, when a second person approves, then ManualJournalEntryApproved carries the lines to post', () => {
    const events = decideManualEntry(given([proposed]), { type: 'Approve', entryId: 'e1', by: 'checker', at: AT }, CHART, null);
    expect(events).toEqual([
      { type: 'ManualJournalEntryApproved', data: { entryId: 'e1', ...CAPITAL, proposedBy: 'maker', by: 'checker', at: AT } },
    ]);
  });

  it('given a proposal, when its maker approves or rejects it, then 403 same person', () => {
    expect(() => decideManualEntry(given([proposed]), { type: 'Approve', entryId: 'e1', by: 'maker', at: AT }, CHART, null)).toThrow(
      SamePerson,
    );
    expect(() =>
      decideManualEntry(given([proposed]), { type: 'Reject', entryId: 'e1', reason: 'oops', by: 'maker', at: AT }, CHART, null),
    ).toThrow(SamePerson);
  });

  it('given a proposal whose period closed meanwhile, when approved, then refused on `date`', () => {
    let refusal: unknown;
    try {
      decideManualEntry(given([proposed]), { type: 'Approve', entryId: 'e1', by: 'checker', at: AT }, CHART, '2026-12-31');
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(BooksRefused);
    expect((refusal as BooksRefused).fields.map((f) => f.name)).toEqual(['date']);
  });

  it('given a proposal, when a second person rejects it, then ManualJournalEntryRejected; it cannot be approved after', () => {
    const rejected = decideManualEntry(
      given([proposed]),
      { type: 'Reject', entryId: 'e1', reason: 'wrong account', by: 'checker', at: AT },
      CHART,
      null,
    );
    expect(rejected).toEqual([
      { type: 'ManualJournalEntryRejected', data: { entryId: 'e1', reason: 'wrong account', by: 'checker', at: AT } },
    ]);
    expect(() =>
      decideManualEntry(given([proposed, ...rejected]), { type: 'Approve', entryId: 'e1', by: 'checker', at: AT }, CHART, null),
    ).toThrow(AlreadyDecided);
  });

  it('given nothing, when approved, then not found', () => {
    expect(() => decideManualEntry(given([]), { type: 'Approve', entryId: 'e1', by: 'checker', at: AT }, CHART, null)).toThrow(NotFound);
  });
});
