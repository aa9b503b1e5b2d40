import { Injectable } from '@nestjs/common';
import { StaffMembers } from '../../identity/public/index.js';
import { leadInvalid } from '../domain/origination.errors.js';
import type { LeadRow } from '../leads/leads.repository.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The staff a lead names (its agent, who changed it), through identity's public StaffMembers port. */
@Injectable()
export class LeadStaff {
  constructor(private readonly staff: StaffMembers) {}

  async namesFor(rows: readonly LeadRow[], extra: readonly string[] = []): Promise<Map<string, string>> {
    // Not every author is a staff id: quick start's own answers are by `quick-start`.
    const ids = [...new Set([...rows.map((r) => r.assigned_to).filter((v): v is string => v !== null), ...extra])].filter((id) =>
      UUID.test(id),
    );
    return new Map((await this.staff.membersOf(ids)).map((m) => [m.id, m.name]));
  }

  /** Refuses an agent who is not an active staff member (400, naming assignedTo). */
  async assertAssignable(id: string | null): Promise<void> {
    if (id === null) return;
    const member = await this.staff.memberOf(id);
    if (!member?.active) throw leadInvalid([{ name: 'assignedTo', message: 'must be an active staff member' }]);
  }

  activeMembers() {
    return this.staff.activeMembers();
  }
}
