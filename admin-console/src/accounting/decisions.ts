import type { ActionSpec } from '../loans/actions';

const reason = { name: 'reason', label: 'Reason', required: true, type: 'multiline' as const };
const withReason = (values: Record<string, string>) => ({ reason: values.reason.trim() });

export type BooksDecision = 'approve-entry' | 'reject-entry' | 'approve-close' | 'reject-close';

/** The checker's decisions on a manual entry or a period close (the server refuses the maker: 403 same-person). */
export const BOOKS_DECISIONS: Record<BooksDecision, ActionSpec<BooksDecision>> = {
  'approve-entry': {
    action: 'approve-entry',
    label: 'Approve',
    confirm: 'Approve this entry? It is posted to the books on its date.',
    color: 'success',
    fields: [],
    body: () => ({}),
  },
  'reject-entry': {
    action: 'reject-entry',
    label: 'Reject',
    confirm: 'Reject this entry? Nothing is posted.',
    color: 'error',
    fields: [reason],
    body: withReason,
  },
  'approve-close': {
    action: 'approve-close',
    label: 'Approve close',
    confirm: 'Close every date up to the end of this month? Entries dated there are refused from now on.',
    color: 'success',
    fields: [],
    body: () => ({}),
  },
  'reject-close': {
    action: 'reject-close',
    label: 'Reject',
    confirm: 'Turn this close request down? Nothing more is closed.',
    color: 'error',
    fields: [reason],
    body: withReason,
  },
};
