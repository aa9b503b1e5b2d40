import type { Selectable } from 'kysely';
import type { LeadChangesTable, LeadNotesTable } from '../../platform/database/schema.js';
import type { LeadRow } from '../leads/leads.repository.js';

const iso = (v: Date | string) => new Date(v).toISOString();

/** A lead as the API answers it; `duplicates` are the ids of other leads with its phone or email. */
export const leadView = (r: LeadRow, names: ReadonlyMap<string, string>) => ({
  id: r.id,
  name: r.name,
  phone: r.phone,
  email: r.email,
  source: r.source,
  status: r.status,
  lostReason: r.lost_reason,
  assignedTo: r.assigned_to,
  assignedToName: r.assigned_to ? (names.get(r.assigned_to) ?? null) : null,
  followUpOn: r.follow_up_on,
  borrowerId: r.borrower_id,
  duplicates: r.duplicates,
  createdBy: r.created_by,
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
});

export const leadNoteView = (n: Selectable<LeadNotesTable>) => ({
  id: n.id,
  text: n.text,
  authorId: n.author_id,
  createdAt: iso(n.created_at),
});

export const leadChangeView = (c: Selectable<LeadChangesTable>) => ({
  id: Number(c.id),
  field: c.field,
  from: c.from_value,
  to: c.to_value,
  reason: c.reason,
  changedBy: c.changed_by,
  changedAt: iso(c.changed_at),
});
