import type { Loan, LoanState, TimelineEvent } from '../api/loans';

export const STATE_LABELS: Record<LoanState, string> = {
  new: 'Application started',
  applied: 'Submitted',
  'soft.pending': 'Credit review',
  'bank.pending': 'Bank verification',
  'consent.pending': 'Preparing your agreement',
  'consent.customerpending': 'Agreement ready to sign',
  'final.pending': 'Final approval',
  'disbursal.pending': 'Disbursal in progress',
  active: 'Active',
  closed: 'Closed',
  rejected: 'Not approved',
  cancelled: 'Cancelled',
  settled: 'Settled',
  writtenOff: 'Written off',
};

export const STATE_TONE: Record<LoanState, 'neutral' | 'action' | 'progress' | 'good' | 'bad'> = {
  new: 'action',
  applied: 'progress',
  'soft.pending': 'progress',
  'bank.pending': 'progress',
  'consent.pending': 'progress',
  'consent.customerpending': 'action',
  'final.pending': 'progress',
  'disbursal.pending': 'progress',
  active: 'good',
  closed: 'neutral',
  rejected: 'bad',
  cancelled: 'neutral',
  settled: 'neutral',
  writtenOff: 'bad',
};

export type TimelineEntry = { label: string; at: string | null; done: boolean; current: boolean };

const ORDER: LoanState[] = [
  'new',
  'applied',
  'soft.pending',
  'bank.pending',
  'consent.pending',
  'consent.customerpending',
  'final.pending',
  'disbursal.pending',
  'active',
  'closed',
];

/** The loan's way through the pipeline, each milestone with its date, from the loan's own history when given. */
export function timeline(loan: Loan, history: TimelineEvent[] = []): TimelineEntry[] {
  const noticeAt = (eventType: string) => history.filter((e) => e.type === eventType).at(-1)?.at ?? null;
  const milestones: { label: string; reached: LoanState; at: string | null }[] = [
    { label: 'Application started', reached: 'new', at: loan.createdAt },
    { label: 'Application submitted', reached: 'applied', at: noticeAt('LoanApplicationSubmitted') },
    { label: 'Accepted for credit review', reached: 'soft.pending', at: noticeAt('LoanApplicationAccepted') },
    { label: 'Credit check approved', reached: 'bank.pending', at: loan.approvals.soft?.at ?? null },
    { label: 'Bank account verified', reached: 'consent.pending', at: loan.approvals.bank?.at ?? null },
    { label: 'Agreement issued', reached: 'consent.customerpending', at: loan.agreement?.issuedAt ?? null },
    { label: 'Agreement signed', reached: 'final.pending', at: loan.signedAt },
    { label: 'Final approval', reached: 'disbursal.pending', at: loan.approvals.final?.at ?? null },
    { label: 'Money sent to your bank', reached: 'active', at: loan.disbursedOn },
    // A closed loan ends with its closure; an active one does not announce it in advance.
    // An exit in the cooling-off period is a closure too, and says so.
    ...(loan.state === 'closed'
      ? [
          {
            label: noticeAt('LoanExitedInCoolingOff') ? 'Exited in the cooling-off period and closed' : 'Loan repaid and closed',
            reached: 'closed' as const,
            at: loan.closedOn,
          },
        ]
      : []),
  ];
  const ended = loan.state === 'rejected' || loan.state === 'cancelled';
  const reachedIndex = ended ? lastReachedBeforeEnd(loan) : ORDER.indexOf(loan.state);
  const entries: TimelineEntry[] = milestones.map((m) => {
    const index = ORDER.indexOf(m.reached);
    return {
      label: m.label,
      at: index <= reachedIndex ? m.at : null,
      done: index <= reachedIndex,
      current: !ended && index === reachedIndex,
    };
  });
  if (ended) {
    const shown = entries.filter((e) => e.done);
    shown.push({
      label: loan.state === 'rejected' ? 'Application not approved' : 'Application cancelled',
      at: loan.updatedAt,
      done: true,
      current: true,
    });
    return shown;
  }
  return entries;
}

/** How far a rejected or cancelled loan had come, read from the facts it carries. */
function lastReachedBeforeEnd(loan: Loan): number {
  if (loan.approvals.final) return ORDER.indexOf('disbursal.pending');
  if (loan.signedAt) return ORDER.indexOf('final.pending');
  if (loan.agreement) return ORDER.indexOf('consent.customerpending');
  if (loan.approvals.bank) return ORDER.indexOf('consent.pending');
  if (loan.approvals.soft) return ORDER.indexOf('bank.pending');
  return ORDER.indexOf('new');
}
