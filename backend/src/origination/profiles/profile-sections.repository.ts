import { Inject, Injectable } from '@nestjs/common';
import { DB, type Db } from '../../platform/database/database.js';
import type { ProfileSection, SectionStatus } from '../domain/profile-sections.js';

export type StoredSection = { section: ProfileSection; data: Record<string, unknown>; status: Exclude<SectionStatus, 'missing'>; reason: string | null; reviewedBy: string | null; reviewedAt: Date | null; updatedAt: Date };
type Actor = { id: string; role: string };

/** `profile_sections`, each write audited in `profile_section_changes` in the same transaction. */
@Injectable()
export class ProfileSectionsRepository {
  constructor(@Inject(DB) private readonly db: Db) {}

  async all(borrowerId: string): Promise<StoredSection[]> {
    const rows = await this.db.selectFrom('profile_sections').selectAll().where('borrower_id', '=', borrowerId).execute();
    return rows.map((r) => ({ section: r.section as ProfileSection, data: r.data, status: r.status, reason: r.reason, reviewedBy: r.reviewed_by, reviewedAt: r.reviewed_at, updatedAt: r.updated_at }));
  }

  async one(borrowerId: string, section: ProfileSection): Promise<StoredSection | undefined> {
    return (await this.all(borrowerId)).find((s) => s.section === section);
  }

  /** Saves the borrower's answers: the section is complete again (a verified or rejected one goes back for review). */
  async save(borrowerId: string, section: ProfileSection, data: Record<string, unknown>, actor: Actor): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const before = await trx.selectFrom('profile_sections').select('status').where('borrower_id', '=', borrowerId).where('section', '=', section).forUpdate().executeTakeFirst();
      await trx
        .insertInto('profile_sections')
        .values({ borrower_id: borrowerId, section, data: JSON.stringify(data), status: 'complete', updated_at: new Date() })
        .onConflict((oc) => oc.columns(['borrower_id', 'section']).doUpdateSet({ data: JSON.stringify(data), status: 'complete', reason: null, reviewed_by: null, reviewed_at: null, updated_at: new Date() }))
        .execute();
      await trx
        .insertInto('profile_section_changes')
        .values({ borrower_id: borrowerId, section, action: 'saved', from_status: before?.status ?? 'missing', to_status: 'complete', reason: null, actor_id: actor.id, actor_role: actor.role })
        .execute();
    });
  }

  /** Staff mark a section verified or rejected; undefined when the section is missing. */
  async review(borrowerId: string, section: ProfileSection, verdict: { status: 'verified' | 'rejected'; reason: string | null }, actor: Actor): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const before = await trx.selectFrom('profile_sections').select('status').where('borrower_id', '=', borrowerId).where('section', '=', section).forUpdate().executeTakeFirst();
      if (!before) return false;
      await trx
        .updateTable('profile_sections')
        .set({ status: verdict.status, reason: verdict.reason, reviewed_by: actor.id, reviewed_at: new Date() })
        .where('borrower_id', '=', borrowerId)
        .where('section', '=', section)
        .execute();
      await trx
        .insertInto('profile_section_changes')
        .values({ borrower_id: borrowerId, section, action: verdict.status, from_status: before.status, to_status: verdict.status, reason: verdict.reason, actor_id: actor.id, actor_role: actor.role })
        .execute();
      return true;
    });
  }
}
