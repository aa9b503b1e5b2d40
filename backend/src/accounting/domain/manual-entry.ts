import { AlreadyDecided, BooksRefused, NotFound, SamePerson, type ProblemField } from './accounting.errors.js';

/**
 * Manual journal entries (issue 31 item 4), a stream each (`accounting-journal-<id>`): one person proposes an entry,
 * a second person holding accounting.post approves (it is then posted by the accounting projection) or rejects it.
 */
export const manualEntryStream = (id: string) => `accounting-journal-${id}`;

/** One line: an account and a debit or a credit in minor units (paise), the other side 0. */
export type ManualLine = { accountCode: string; debit: number; credit: number };
export type ManualEntryDraft = { date: string; narration: string; lines: ManualLine[] };

export type ManualEntryProposed = {
  type: 'ManualJournalEntryProposed';
  data: ManualEntryDraft & { entryId: string; by: string; at: string };
};
/** Approved: the accounting projection posts it (on `date`, or the first open day should its period close meanwhile). */
export type ManualEntryApproved = {
  type: 'ManualJournalEntryApproved';
  data: ManualEntryDraft & { entryId: string; proposedBy: string; by: string; at: string };
};
export type ManualEntryRejected = {
  type: 'ManualJournalEntryRejected';
  data: { entryId: string; reason: string; by: string; at: string };
};
export type ManualEntryEvent = ManualEntryProposed | ManualEntryApproved | ManualEntryRejected;
export const MANUAL_ENTRY_EVENT_TYPES = ['ManualJournalEntryProposed', 'ManualJournalEntryApproved', 'ManualJournalEntryRejected'] as const;

/** What the rules read of the chart: each account's state by code. */
export type ChartLookup = ReadonlyMap<string, { active: boolean; heading: boolean }>;

/**
 * The rules of a manual entry, as one field per rule broken (none: it may be posted): at least two lines, each line
 * one positive amount on one side of a known, active, non-heading account; debits equal credits; dated after the
 * closed periods.
 */
export function manualEntryProblems(draft: ManualEntryDraft, chart: ChartLookup, closedThrough: string | null): ProblemField[] {
  const problems: ProblemField[] = [];
  if (closedThrough !== null && draft.date <= closedThrough)
    problems.push({ name: 'date', message: `${draft.date} is in a closed period (closed through ${closedThrough})` });
  if (draft.narration.trim() === '') problems.push({ name: 'narration', message: 'say what the entry is for' });
  if (draft.lines.length < 2) problems.push({ name: 'lines', message: 'an entry has at least two lines' });
  draft.lines.forEach((line, i) => {
    const at = `lines[${i}]`;
    const account = chart.get(line.accountCode);
    if (!account) problems.push({ name: `${at}.accountCode`, message: `there is no account ${line.accountCode}` });
    else if (!account.active) problems.push({ name: `${at}.accountCode`, message: `account ${line.accountCode} is inactive` });
    else if (account.heading) problems.push({ name: `${at}.accountCode`, message: `account ${line.accountCode} is a heading` });
    for (const side of ['debit', 'credit'] as const) {
      if (!Number.isSafeInteger(line[side]) || line[side] < 0)
        problems.push({ name: `${at}.${side}`, message: `${side} must be a whole number of paise, 0 or more` });
    }
    if (line.debit > 0 && line.credit > 0) problems.push({ name: at, message: 'a line is a debit or a credit, not both' });
    else if (line.debit === 0 && line.credit === 0) problems.push({ name: at, message: 'a line needs a debit or a credit above 0' });
  });
  const debits = draft.lines.reduce((sum, l) => sum + Math.max(0, l.debit), 0);
  const credits = draft.lines.reduce((sum, l) => sum + Math.max(0, l.credit), 0);
  if (draft.lines.length >= 2 && debits !== credits)
    problems.push({ name: 'lines', message: `debits (${debits}) and credits (${credits}) differ by ${Math.abs(debits - credits)}` });
  return problems;
}

export type ManualEntryState =
  { status: 'none' } | { status: 'proposed' | 'approved' | 'rejected'; entryId: string; draft: ManualEntryDraft; proposedBy: string };

export function evolveManualEntry(state: ManualEntryState, event: ManualEntryEvent): ManualEntryState {
  switch (event.type) {
    case 'ManualJournalEntryProposed': {
      const { entryId, by, date, narration, lines } = event.data;
      return { status: 'proposed', entryId, draft: { date, narration, lines }, proposedBy: by };
    }
    case 'ManualJournalEntryApproved':
      return state.status === 'none' ? state : { ...state, status: 'approved' };
    case 'ManualJournalEntryRejected':
      return state.status === 'none' ? state : { ...state, status: 'rejected' };
  }
}

export type ManualEntryCommand =
  | { type: 'Propose'; entryId: string; draft: ManualEntryDraft; by: string; at: string }
  | { type: 'Approve'; entryId: string; by: string; at: string }
  | { type: 'Reject'; entryId: string; reason: string; by: string; at: string };

/**
 * Maker-checker over one entry. The rules are checked when it is proposed and again when it is approved (an account
 * may have been made inactive, or the period closed, meanwhile): nothing is posted that breaks them.
 */
export function decideManualEntry(
  state: ManualEntryState,
  command: ManualEntryCommand,
  chart: ChartLookup,
  closedThrough: string | null,
): ManualEntryEvent[] {
  if (command.type === 'Propose') {
    if (state.status !== 'none') throw new AlreadyDecided(`Manual entry ${command.entryId} exists already.`);
    const problems = manualEntryProblems(command.draft, chart, closedThrough);
    if (problems.length > 0) throw new BooksRefused(problems);
    return [{ type: 'ManualJournalEntryProposed', data: { entryId: command.entryId, ...command.draft, by: command.by, at: command.at } }];
  }
  if (state.status === 'none') throw new NotFound(`manual entry ${command.entryId}`);
  if (state.status !== 'proposed') throw new AlreadyDecided(`Manual entry ${command.entryId} is ${state.status} already.`);
  if (state.proposedBy === command.by) throw new SamePerson('proposed this entry');
  if (command.type === 'Reject')
    return [
      { type: 'ManualJournalEntryRejected', data: { entryId: state.entryId, reason: command.reason, by: command.by, at: command.at } },
    ];
  const problems = manualEntryProblems(state.draft, chart, closedThrough);
  if (problems.length > 0) throw new BooksRefused(problems);
  return [
    {
      type: 'ManualJournalEntryApproved',
      data: { entryId: state.entryId, ...state.draft, proposedBy: state.proposedBy, by: command.by, at: command.at },
    },
  ];
}

/** The journal entry an approved manual entry posts: its lines in order, on its date or the first open day. */
export function manualJournalLines(lines: readonly ManualLine[]): { account: string; debit: number; credit: number }[] {
  return lines.map((l) => ({ account: l.accountCode, debit: l.debit, credit: l.credit }));
}
