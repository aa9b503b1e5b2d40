import { Inject, Injectable } from '@nestjs/common';
import { DB, type Db } from '../../platform/database/database.js';
import { consentTextHash, type ConsentChannel, type ConsentPurpose, type ConsentText } from '../domain/consents.js';
import { ConsentRecords, type GivenConsent } from '../public/consent-records.port.js';

/** A consent as kept, with the text it was given to. */
export type StoredConsent = {
  id: string;
  purpose: ConsentPurpose;
  version: string;
  textHash: string;
  text: string;
  channel: string;
  givenAt: Date;
  withdrawnAt: Date | null;
};

/** `borrower_consents` and the texts they were given to (`consent_texts`, migration 0056); ConsentRecords for lending. */
@Injectable()
export class BorrowerConsentsRepository extends ConsentRecords {
  constructor(@Inject(DB) private readonly db: Db) {
    super();
  }

  async recordGiven(
    borrowerId: string,
    consent: GivenConsent,
    given: { at: Date; channel: ConsentChannel; reference: string },
  ): Promise<void> {
    await this.keepTexts([{ ...consent, hash: consentTextHash(consent.text) }]);
    await this.record(
      borrowerId,
      [{ purpose: consent.purpose, version: consent.version, givenAt: given.at }],
      given.channel,
      given.reference,
    );
  }

  /** Keeps consent texts as shown, each under its purpose and version (a version already kept stays as it was). */
  async keepTexts(texts: readonly ConsentText[]): Promise<void> {
    if (texts.length === 0) return;
    await this.db
      .insertInto('consent_texts')
      .values(texts.map((t) => ({ purpose: t.purpose, version: t.version, text: t.text, hash: t.hash })))
      .onConflict((oc) => oc.columns(['purpose', 'version']).doNothing())
      .execute();
  }

  /**
   * Records consents given, each against the text kept under its version (with that text's hash): a consent whose text
   * was never kept is not recorded, since what it agreed to cannot be shown. Idempotent: a repeat with the same
   * borrower, purpose and reference (what it was given for) records nothing new (a finish that is resumed). Answers
   * how many were recorded.
   */
  async record(
    borrowerId: string,
    given: readonly { purpose: ConsentPurpose; version: string; givenAt: Date }[],
    channel: ConsentChannel,
    reference: string,
  ): Promise<number> {
    let recorded = 0;
    for (const { purpose, version, givenAt } of given) {
      const result = await this.db
        .insertInto('borrower_consents')
        .columns(['borrower_id', 'purpose', 'text_version', 'text_hash', 'channel', 'reference', 'given_at'])
        .expression((eb) =>
          eb
            .selectFrom('consent_texts')
            .select((s) => [
              s.val(borrowerId).as('borrower_id'),
              'purpose',
              'version',
              'hash',
              s.val(channel).as('channel'),
              s.val(reference).as('reference'),
              s.val(givenAt).as('given_at'),
            ])
            .where('purpose', '=', purpose)
            .where('version', '=', version),
        )
        .onConflict((oc) => oc.columns(['borrower_id', 'purpose', 'reference']).doNothing())
        .executeTakeFirst();
      recorded += Number(result.numInsertedOrUpdatedRows ?? 0);
    }
    return recorded;
  }

  /** The borrower's consents, newest first, each with its text. */
  async all(borrowerId: string): Promise<StoredConsent[]> {
    const rows = await this.db
      .selectFrom('borrower_consents as c')
      .innerJoin('consent_texts as t', (j) => j.onRef('t.purpose', '=', 'c.purpose').onRef('t.version', '=', 'c.text_version'))
      .select(['c.id', 'c.purpose', 'c.text_version', 'c.text_hash', 't.text', 'c.channel', 'c.given_at', 'c.withdrawn_at'])
      .where('c.borrower_id', '=', borrowerId)
      .orderBy('c.given_at', 'desc')
      .orderBy('c.purpose')
      .execute();
    return rows.map((r) => ({
      id: r.id,
      purpose: r.purpose as ConsentPurpose,
      version: r.text_version,
      textHash: r.text_hash,
      text: r.text,
      channel: r.channel,
      givenAt: r.given_at,
      withdrawnAt: r.withdrawn_at,
    }));
  }

  /** Withdraws the borrower's consents for a purpose that are not withdrawn yet; answers how many. */
  async withdraw(borrowerId: string, purpose: ConsentPurpose, at: Date): Promise<number> {
    const result = await this.db
      .updateTable('borrower_consents')
      .set({ withdrawn_at: at })
      .where('borrower_id', '=', borrowerId)
      .where('purpose', '=', purpose)
      .where('withdrawn_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }
}
