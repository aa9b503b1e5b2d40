/** The lead funnel as the console shows it; the server decides (backend/src/origination/domain/leads.ts). */
export const LEAD_STATUSES = ['new', 'contacted', 'interested', 'converted', 'lost'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
export const LEAD_SOURCES = ['quickStart', 'agent', 'import'] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];

export const STATUS_LABELS: Record<LeadStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  interested: 'Interested',
  converted: 'Converted',
  lost: 'Lost',
};
export const SOURCE_LABELS: Record<LeadSource, string> = { quickStart: 'Quick start', agent: 'Agent', import: 'Import' };

export const STATUS_CHOICES = LEAD_STATUSES.map((id) => ({ id, name: STATUS_LABELS[id] }));
export const SOURCE_CHOICES = LEAD_SOURCES.map((id) => ({ id, name: SOURCE_LABELS[id] }));

/** Where a lead may move next: one step forward, or lost; converted and lost are final. */
export const NEXT_STATUSES: Record<LeadStatus, readonly LeadStatus[]> = {
  new: ['contacted', 'lost'],
  contacted: ['interested', 'lost'],
  interested: ['converted', 'lost'],
  converted: [],
  lost: [],
};

export type StatusDraft = { status: LeadStatus | ''; reason: string; borrowerId: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the status dialog still needs before it can send, one message per field (empty: ready). */
export function statusDraftProblems(draft: StatusDraft): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!draft.status) problems.status = 'Choose the new status';
  if (draft.status === 'lost' && draft.reason.trim() === '') problems.reason = 'A lost lead needs a reason';
  const borrowerId = draft.borrowerId.trim();
  if (draft.status === 'converted' && borrowerId !== '' && !UUID.test(borrowerId))
    problems.borrowerId = "The borrower's id is a UUID (or leave it empty to match by phone or email)";
  return problems;
}

/** The body of POST …/:id/status for a draft with no problems. */
export function statusBody(draft: StatusDraft): { status: LeadStatus; reason?: string; borrowerId?: string } {
  return {
    status: draft.status as LeadStatus,
    ...(draft.reason.trim() ? { reason: draft.reason.trim() } : {}),
    ...(draft.status === 'converted' && draft.borrowerId.trim() !== '' ? { borrowerId: draft.borrowerId.trim() } : {}),
  };
}

/** The fields PUT accepts (the record also carries history, notes, duplicates…, which the server refuses). */
export function leadBody(record: Record<string, unknown>, { withAgent }: { withAgent: boolean }) {
  const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
  return {
    name: String(record.name ?? ''),
    phone: String(record.phone ?? ''),
    email: text(record.email),
    followUpOn: text(record.followUpOn),
    ...(withAgent ? { assignedTo: text(record.assignedTo) } : {}),
  };
}

/** How the borrower picker shows a customer: name, then phone or email to tell namesakes apart. */
export const customerOptionLabel = (c: { name: string; phone: string | null; email: string }) => `${c.name} · ${c.phone ?? c.email}`;
