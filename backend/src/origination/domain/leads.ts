import { e164Phone, PHONE_FIELD_MESSAGE } from '../../platform/phone/phone-number.js';

/**
 * Leads: the acquisition funnel (issue 14). A lead moves new → contacted → interested → converted, and may be lost
 * from any open status with a reason; converted and lost are final. Pure rules, no I/O.
 */
export const LEAD_STATUSES = ['new', 'contacted', 'interested', 'converted', 'lost'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

export const LEAD_SOURCES = ['quickStart', 'agent', 'import'] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];

export type FieldProblem = { name: string; message: string };

/** Where each status may move next: one step forward, or lost; nothing moves out of converted or lost. */
export const NEXT_STATUSES: Record<LeadStatus, readonly LeadStatus[]> = {
  new: ['contacted', 'lost'],
  contacted: ['interested', 'lost'],
  interested: ['converted', 'lost'],
  converted: [],
  lost: [],
};

export const isFinal = (status: LeadStatus): boolean => NEXT_STATUSES[status].length === 0;

export type StatusMove = { to: LeadStatus; reason?: string | null; borrowerId?: string | null };

/** Why a status move is refused: not a move the funnel allows, or a field it needs is missing. */
export type MoveRefusal = { kind: 'illegal'; message: string } | { kind: 'invalid'; fields: FieldProblem[] };

/**
 * Decides a status move: the new status, the lost reason and the borrower it links to, or why it is refused.
 * Lost needs a reason; converted needs the borrower the lead became.
 */
export function decideStatusMove(
  from: LeadStatus,
  move: StatusMove,
): { ok: true; status: LeadStatus; lostReason: string | null; borrowerId: string | null } | { ok: false; refusal: MoveRefusal } {
  const reason = move.reason?.trim() || null;
  if (!NEXT_STATUSES[from].includes(move.to)) {
    const allowed = NEXT_STATUSES[from];
    const message =
      allowed.length === 0
        ? `A ${from} lead is final; its status cannot change.`
        : `A ${from} lead can move to ${allowed.join(' or ')}, not to ${move.to}.`;
    return { ok: false, refusal: { kind: 'illegal', message } };
  }
  if (move.to === 'lost' && !reason)
    return { ok: false, refusal: { kind: 'invalid', fields: [{ name: 'reason', message: 'a lost lead needs a reason' }] } };
  if (move.to === 'converted' && !move.borrowerId) {
    return {
      ok: false,
      refusal: { kind: 'invalid', fields: [{ name: 'borrowerId', message: 'a converted lead links to the borrower it became' }] },
    };
  }
  return {
    ok: true,
    status: move.to,
    lostReason: move.to === 'lost' ? reason : null,
    borrowerId: move.to === 'converted' ? move.borrowerId! : null,
  };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export type LeadFields = { name: string; phone: string; email: string | null; followUpOn: string | null };

const isCalendarDate = (v: string) => DATE.test(v) && new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v;

/** The lead's fields in their stored form (phone in E.164, email lower-cased), or a problem per field. */
export function validLeadFields(input: {
  name: string;
  phone: string;
  email?: string | null;
  followUpOn?: string | null;
}): { ok: true; fields: LeadFields } | { ok: false; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const name = input.name.trim().replace(/\s+/g, ' ');
  if (name.length < 2 || name.length > 100) problems.push({ name: 'name', message: 'must be 2 to 100 characters' });
  const phone = e164Phone(input.phone);
  if (!phone) problems.push({ name: 'phone', message: PHONE_FIELD_MESSAGE });
  const email = input.email?.trim().toLowerCase() || null;
  if (email !== null && (email.length > 254 || !EMAIL.test(email))) problems.push({ name: 'email', message: 'must be an email address' });
  const followUpOn = input.followUpOn || null;
  if (followUpOn !== null && !isCalendarDate(followUpOn))
    problems.push({ name: 'followUpOn', message: 'choose a date: day, month and year' });
  else if (followUpOn !== null && (followUpOn < '1900-01-01' || followUpOn > '2999-12-31'))
    problems.push({ name: 'followUpOn', message: 'must be between 1900-01-01 and 2999-12-31' });
  return problems.length > 0 ? { ok: false, problems } : { ok: true, fields: { name, phone: phone!, email, followUpOn } };
}

export type LeadContact = { id: string; phone: string; email: string | null };

/** The other leads that look like the same person: the same normalised phone, or the same email ignoring case. */
export function duplicatesOf(lead: LeadContact, others: readonly LeadContact[]): string[] {
  const email = lead.email?.toLowerCase() ?? null;
  return others
    .filter((o) => o.id !== lead.id && (o.phone === lead.phone || (email !== null && o.email?.toLowerCase() === email)))
    .map((o) => o.id);
}

export type AuditedFields = { name: string; phone: string; email: string | null; assignedTo: string | null; followUpOn: string | null };
export type FieldChange = { field: keyof AuditedFields; from: string | null; to: string | null };

/** What an edit changes, field by field (unchanged fields are not audited). */
export function changesBetween(before: AuditedFields, after: AuditedFields): FieldChange[] {
  return (Object.keys(after) as (keyof AuditedFields)[])
    .filter((f) => before[f] !== after[f])
    .map((field) => ({ field, from: before[field], to: after[field] }));
}

/**
 * The order of an agent's worklist: follow-ups due on `today` first, then overdue ones (oldest first), then later
 * ones (soonest first), then those without a date.
 */
export function followUpRank(followUpOn: string | null, today: string): number {
  if (followUpOn === today) return 0;
  if (followUpOn !== null && followUpOn < today) return 1;
  if (followUpOn !== null) return 2;
  return 3;
}
