import { Injectable } from '@nestjs/common';
import { BorrowerDirectory, StaffMembers } from '../../identity/public/index.js';
import { allSectionViews } from '../application/profile-section.view.js';
import { CustomerProfiles, type CustomerProfile, type ReportingIdentity } from '../public/customer-profiles.port.js';
import { CustomerDocumentsRepository } from '../profiles/customer-documents.repository.js';
import { ProfileSectionsRepository } from '../profiles/profile-sections.repository.js';

/** CustomerProfiles over origination's tables; staff names come from identity's StaffMembers. */
@Injectable()
export class SectionsCustomerProfiles extends CustomerProfiles {
  constructor(
    private readonly sections: ProfileSectionsRepository,
    private readonly documents: CustomerDocumentsRepository,
    private readonly borrowers: BorrowerDirectory,
    private readonly staff: StaffMembers,
  ) {
    super();
  }

  async profileOf(borrowerId: string): Promise<CustomerProfile> {
    const [stored, borrower, documents, changes] = await Promise.all([
      this.sections.all(borrowerId),
      this.borrowers.profileOf(borrowerId),
      this.documents.list(borrowerId),
      this.sections.changes(borrowerId),
    ]);
    const staffIds = [
      ...new Set(
        [...stored.map((s) => s.reviewedBy), ...changes.filter((c) => c.actorRole === 'staff').map((c) => c.actorId)].filter(
          (id): id is string => !!id,
        ),
      ),
    ];
    const names = new Map((await this.staff.membersOf(staffIds)).map((m) => [m.id, m.name]));
    const nameOf = (id: string, role: string) => (role === 'borrower' ? (borrower?.name ?? null) : (names.get(id) ?? null));
    return {
      sections: allSectionViews(stored, borrower).map((view) => {
        const reviewer = stored.find((s) => s.section === view.section)?.reviewedBy;
        return { ...view, reviewedBy: reviewer ? { id: reviewer, name: names.get(reviewer) ?? null } : null };
      }),
      documents,
      changes: changes.map((c) => ({
        section: c.section,
        action: c.action,
        fromStatus: c.fromStatus,
        toStatus: c.toStatus,
        reason: c.reason,
        actor: { id: c.actorId, role: c.actorRole, name: nameOf(c.actorId, c.actorRole) },
        at: c.changedAt.toISOString(),
      })),
    };
  }

  reportingIdentitiesOf(borrowerIds: readonly string[]): Promise<ReportingIdentity[]> {
    return this.sections.reportingIdentitiesOf(borrowerIds);
  }

  borrowersWithPanEnding(last4: string): Promise<string[]> {
    return this.sections.borrowersWithPanEnding(last4);
  }
}
