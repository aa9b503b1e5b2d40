import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { DB, type Db } from '../../platform/database/database.js';
import type { ProfileSection, SectionStatus } from '../domain/profile-sections.js';
import type { ReportingIdentity } from '../public/customer-profiles.port.js';

export type StoredSection = {
  section: ProfileSection;
  data: Record<string, unknown>;
  status: Exclude<SectionStatus, 'missing'>;
  reason: string | null;
  reviewedBy: string | null;
  reviewedAt: Date | null;
  updatedAt: Date;
};
type Actor = { id: string; role: string };

/** `profile_sections`, each write audited in `profile_section_changes` in the same transaction. */
@Injectable()
export class ProfileSectionsRepository {
  constructor(@Inject(DB) private readonly db: Db) {}

  async all(borrowerId: string): Promise<StoredSection[]> {
    const rows = await this.db.selectFrom('profile_sections').selectAll().where('borrower_id', '=', borrowerId).execute();
    return rows.map((r) => ({
      section: r.section as ProfileSection,
      data: r.data,
      status: r.status,
      reason: r.reason,
      reviewedBy: r.reviewed_by,
      reviewedAt: r.reviewed_at,
      updatedAt: r.updated_at,
    }));
  }

  async one(borrowerId: string, section: ProfileSection): Promise<StoredSection | undefined> {
    return (await this.all(borrowerId)).find((s) => s.section === section);
  }

  /** Saves the borrower's answers: the section is complete again (a verified or rejected one goes back for review). */
  async save(borrowerId: string, section: ProfileSection, data: Record<string, unknown>, actor: Actor): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('profile_sections')
        .select('status')
        .where('borrower_id', '=', borrowerId)
        .where('section', '=', section)
        .forUpdate()
        .executeTakeFirst();
      await trx
        .insertInto('profile_sections')
        .values({ borrower_id: borrowerId, section, data: JSON.stringify(data), status: 'complete', updated_at: new Date() })
        .onConflict((oc) =>
          oc.columns(['borrower_id', 'section']).doUpdateSet({
            data: JSON.stringify(data),
            status: 'complete',
            reason: null,
            reviewed_by: null,
            reviewed_at: null,
            updated_at: new Date(),
          }),
        )
        .execute();
      await trx
        .insertInto('profile_section_changes')
        .values({
          borrower_id: borrowerId,
          section,
          action: 'saved',
          from_status: before?.status ?? 'missing',
          to_status: 'complete',
          reason: null,
          actor_id: actor.id,
          actor_role: actor.role,
        })
        .execute();
    });
  }

  /**
   * Staff mark a section verified or rejected. `refuse` judges the verdict against the section's status as locked
   * in this transaction (missing when there is no row); whatever it returns is thrown and nothing is written, so a
   * borrower's save racing the review either lands first (and is what was judged) or after (and resets the verdict).
   */
  async review(
    borrowerId: string,
    section: ProfileSection,
    verdict: { status: 'verified' | 'rejected'; reason: string | null },
    actor: Actor,
    refuse: (current: SectionStatus) => Error | undefined,
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('profile_sections')
        .select('status')
        .where('borrower_id', '=', borrowerId)
        .where('section', '=', section)
        .forUpdate()
        .executeTakeFirst();
      const refusal = refuse(before?.status ?? 'missing');
      if (refusal) throw refusal;
      await trx
        .updateTable('profile_sections')
        .set({ status: verdict.status, reason: verdict.reason, reviewed_by: actor.id, reviewed_at: new Date() })
        .where('borrower_id', '=', borrowerId)
        .where('section', '=', section)
        .execute();
      await trx
        .insertInto('profile_section_changes')
        .values({
          borrower_id: borrowerId,
          section,
          action: verdict.status,
          from_status: before!.status,
          to_status: verdict.status,
          reason: verdict.reason,
          actor_id: actor.id,
          actor_role: actor.role,
        })
        .execute();
    });
  }

  /** The audit of a borrower's sections, oldest first: every save and every verdict, who and when. */
  async changes(borrowerId: string): Promise<
    {
      section: ProfileSection;
      action: string;
      fromStatus: string | null;
      toStatus: string;
      reason: string | null;
      actorId: string;
      actorRole: string;
      changedAt: Date;
    }[]
  > {
    const rows = await this.db
      .selectFrom('profile_section_changes')
      .selectAll()
      .where('borrower_id', '=', borrowerId)
      .orderBy('id')
      .execute();
    return rows.map((r) => ({
      section: r.section as ProfileSection,
      action: r.action,
      fromStatus: r.from_status,
      toStatus: r.to_status,
      reason: r.reason,
      actorId: r.actor_id,
      actorRole: r.actor_role,
      changedAt: r.changed_at,
    }));
  }

  /** The borrowers whose PAN ends with these four characters (migration 0026 indexes it). */
  /** The documents (PAN), profile (date of birth, gender) and address (current) sections of many borrowers, in one read. */
  async reportingIdentitiesOf(borrowerIds: readonly string[]): Promise<ReportingIdentity[]> {
    if (borrowerIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('profile_sections')
      .select(['borrower_id', 'section', 'data'])
      .where('borrower_id', 'in', [...borrowerIds])
      .where('section', 'in', ['documents', 'profile', 'address'])
      .execute();
    const stored = new Map(rows.map((r) => [`${r.borrower_id}/${r.section}`, r.data]));
    const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : null);
    return borrowerIds.map((borrowerId) => {
      const data = (section: ProfileSection) => stored.get(`${borrowerId}/${section}`);
      const current = data('address')?.current as ReportingIdentity['address'] | undefined;
      return {
        borrowerId,
        pan: text(data('documents')?.pan),
        dateOfBirth: text(data('profile')?.dateOfBirth),
        gender: text(data('profile')?.gender),
        address: current ?? null,
      };
    });
  }

  async borrowersWithPanEnding(last4: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('profile_sections')
      .select('borrower_id')
      .where('section', '=', 'documents')
      .where(sql<string>`right(data->>'pan', 4)`, '=', last4.toUpperCase())
      .limit(1000)
      .execute();
    return rows.map((r) => r.borrower_id);
  }
}
