import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { BorrowerDirectory } from '../../identity/public/index.js';
import { DB, type Db } from '../../platform/database/database.js';
import { DOCUMENT_STORAGE, type DocumentStorage } from '../../platform/storage/document-storage.port.js';
import { BorrowerConsentsRepository } from '../consents/borrower-consents.repository.js';
import { PURPOSE_LABELS } from '../domain/consents.js';
import { CustomerDocumentsRepository } from '../profiles/customer-documents.repository.js';
import { ProfileSectionsRepository } from '../profiles/profile-sections.repository.js';
import { ProfilePersonalData, type ProfileData } from '../public/profile-personal-data.port.js';
import { allSectionViews } from './profile-section.view.js';

/** ProfilePersonalData over the profile sections, uploads, consents and leads. */
@Injectable()
export class OriginationProfilePersonalData extends ProfilePersonalData {
  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(DOCUMENT_STORAGE) private readonly storage: DocumentStorage,
    private readonly sections: ProfileSectionsRepository,
    private readonly uploads: CustomerDocumentsRepository,
    private readonly consents: BorrowerConsentsRepository,
    private readonly borrowers: BorrowerDirectory,
  ) {
    super();
  }

  async exportOf(borrowerId: string): Promise<ProfileData> {
    const [stored, borrower, uploads, consents] = await Promise.all([
      this.sections.all(borrowerId),
      this.borrowers.profileOf(borrowerId),
      this.uploads.list(borrowerId),
      this.consents.all(borrowerId),
    ]);
    return {
      sections: allSectionViews(stored, borrower).map(({ section, status, updatedAt, reviewedAt, data }) => ({
        section,
        status,
        updatedAt,
        reviewedAt,
        data,
      })),
      uploads,
      consents: consents.map((c) => ({
        purpose: c.purpose,
        label: PURPOSE_LABELS[c.purpose],
        version: c.version,
        textHash: c.textHash,
        channel: c.channel,
        givenAt: c.givenAt.toISOString(),
        withdrawnAt: c.withdrawnAt?.toISOString() ?? null,
      })),
    };
  }

  async withdrawMarketing(trx: Db, borrowerId: string, at: Date): Promise<number> {
    const result = await trx
      .updateTable('borrower_consents')
      .set({ withdrawn_at: at })
      .where('borrower_id', '=', borrowerId)
      .where('purpose', '=', 'communications')
      .where('withdrawn_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  async eraseProfile(trx: Db, borrowerId: string): Promise<{ sections: number; uploads: string[]; leads: number }> {
    await trx.deleteFrom('profile_section_changes').where('borrower_id', '=', borrowerId).execute();
    const sections = await trx.deleteFrom('profile_sections').where('borrower_id', '=', borrowerId).executeTakeFirst();
    const uploads = await trx.deleteFrom('customer_documents').where('borrower_id', '=', borrowerId).returning('storage_key').execute();
    const leads = await trx
      .updateTable('leads')
      .set({ name: 'Erased borrower', phone: 'erased', email: null, quick_start: '{}', updated_at: sql`now()` })
      .where('borrower_id', '=', borrowerId)
      .executeTakeFirst();
    return { sections: Number(sections.numDeletedRows), uploads: uploads.map((u) => u.storage_key), leads: Number(leads.numUpdatedRows) };
  }

  async deleteUploads(storageKeys: readonly string[]): Promise<void> {
    for (const key of storageKeys) await this.storage.delete(key);
  }
}
