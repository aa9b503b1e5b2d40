import type { LoanType } from '@lending/web-common/api';

/**
 * The pipeline queues of the spec (§2 "Admin loan pipeline") and the API queue each one lists (docs/api.md
 * "Queues"). `path` is under /Admin/Loan and case-sensitive; `detail` names the loan page a row opens.
 */
export type Queue = {
  path: string;
  apiQueue: string;
  label: string;
  type?: LoanType;
  detail: (loan: { id: string; type: LoanType }) => string;
  /** Actions that may be taken on many loans at once from this list (their dialogs need no per-loan input). */
  bulkActions: readonly ('accept' | 'issue-agreement' | 'approve-final' | 'reject')[];
  /** The approval gate whose time and actor an `approved` list shows. */
  gate?: 'soft' | 'bank' | 'consent' | 'final';
};

export type QueueGroup = { label: string; queues: Queue[] };

const typeSegment = (type: LoanType): string => (type === 'EMI' ? 'EMI' : 'salaryAdvance');
const activeSegment = (type: LoanType): string => (type === 'EMI' ? 'Emi' : 'salaryAdvance');

const byType =
  (stage: string, segment = typeSegment) =>
  (loan: { id: string; type: LoanType }) =>
    `/Loan/${stage}/${segment(loan.type)}/${loan.id}`;
const plain = (stage: string) => (loan: { id: string }) => `/Loan/${stage}/${loan.id}`;

export const QUEUE_GROUPS: QueueGroup[] = [
  {
    label: 'Applications',
    queues: [
      { path: 'new', apiQueue: 'new', label: 'New', detail: plain('new'), bulkActions: ['reject'] },
      { path: 'applied', apiQueue: 'applied', label: 'Applied', detail: byType('applied'), bulkActions: ['accept', 'reject'] },
    ],
  },
  {
    label: 'Soft check',
    queues: [
      { path: 'soft/pending', apiQueue: 'soft.pending', label: 'Pending', detail: byType('soft'), bulkActions: ['reject'] },
      { path: 'soft/approved', apiQueue: 'soft.approved', label: 'Approved', detail: byType('soft'), bulkActions: [], gate: 'soft' },
    ],
  },
  {
    label: 'Bank verification',
    queues: [
      { path: 'bank/pending', apiQueue: 'bank.pending', label: 'Pending', detail: plain('bank'), bulkActions: ['reject'] },
      { path: 'bank/approved', apiQueue: 'bank.approved', label: 'Approved', detail: plain('bank'), bulkActions: [], gate: 'bank' },
    ],
  },
  {
    label: 'Consent',
    queues: [
      {
        path: 'consent/pending',
        apiQueue: 'consent.pending',
        label: 'Pending',
        detail: plain('consent'),
        bulkActions: ['issue-agreement', 'reject'],
      },
      {
        path: 'consent/customerpending',
        apiQueue: 'consent.customerpending',
        label: 'Customer pending',
        detail: plain('consent'),
        bulkActions: ['reject'],
      },
      {
        path: 'consent/approved',
        apiQueue: 'consent.approved',
        label: 'Approved',
        detail: plain('consent'),
        bulkActions: [],
        gate: 'consent',
      },
    ],
  },
  {
    label: 'Final approval',
    queues: [
      {
        path: 'final/pending',
        apiQueue: 'final.pending',
        label: 'Pending',
        detail: byType('final'),
        bulkActions: ['approve-final', 'reject'],
      },
      { path: 'final/approved', apiQueue: 'final.approved', label: 'Approved', detail: byType('final'), bulkActions: [], gate: 'final' },
    ],
  },
  {
    label: 'Disbursal',
    queues: [
      {
        path: 'disbursal/pending',
        apiQueue: 'disbursal.pending',
        label: 'Pending',
        detail: byType('disbursal', activeSegment),
        bulkActions: ['reject'],
      },
    ],
  },
  {
    label: 'Active loans',
    queues: [
      { path: 'Active', apiQueue: 'active', label: 'All active', detail: byType('Active', activeSegment), bulkActions: [] },
      { path: 'Active/Emi', apiQueue: 'active', type: 'EMI', label: 'EMI', detail: byType('Active', activeSegment), bulkActions: [] },
      {
        path: 'Active/salaryAdvance',
        apiQueue: 'active',
        type: 'salaryAdvance',
        label: 'Salary advance',
        detail: byType('Active', activeSegment),
        bulkActions: [],
      },
    ],
  },
];

export const QUEUES: Queue[] = QUEUE_GROUPS.flatMap((g) => g.queues);

/** The loan page's paths (all show the same page; the stage in the path is where staff came from). */
export const LOAN_DETAIL_PATHS = [
  'new/:id',
  'applied/EMI/:id',
  'applied/salaryAdvance/:id',
  'soft/EMI/:id',
  'soft/salaryAdvance/:id',
  'bank/:id',
  'consent/:id',
  'final/EMI/:id',
  'final/salaryAdvance/:id',
  'disbursal/Emi/:id',
  'disbursal/salaryAdvance/:id',
  'Active/Emi/:id',
  'Active/salaryAdvance/:id',
] as const;

/** The queue a loan in `state` waits in, for links from a loan page or history entry. */
export function queueOfState(state: string): Queue | undefined {
  return QUEUES.find((q) => q.apiQueue === state && !q.type);
}

/** The loan page path for a loan, by the queue its current state belongs to. */
export function loanPath(loan: { id: string; type: LoanType; state: string }): string {
  // A closed loan has no queue of its own yet (the collections issue adds the closed tab): it opens as active loans do.
  const ended = loan.state === 'closed' || loan.state === 'settled' || loan.state === 'writtenOff';
  const queue = ended ? queueOfState('active') : queueOfState(loan.state);
  return (queue ?? QUEUES[0]).detail(loan);
}

export const STATE_LABELS: Record<string, string> = {
  new: 'New',
  applied: 'Applied',
  'soft.pending': 'Soft check pending',
  'bank.pending': 'Bank verification pending',
  'consent.pending': 'Consent pending',
  'consent.customerpending': 'Awaiting customer signature',
  'final.pending': 'Final approval pending',
  'disbursal.pending': 'Disbursal pending',
  active: 'Active',
  closed: 'Closed',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
  settled: 'Settled',
  writtenOff: 'Written off',
};
