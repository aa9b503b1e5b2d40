import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { BorrowerDirectory, type BorrowerProfile } from '../../../identity/public/index.js';
import { DB, type Db } from '../../../platform/database/database.js';

const FILL_BATCH = 1_000;

/**
 * `loan_borrowers`: lending's copy of the borrower fields its lists show and search, so no lending query reads
 * identity's tables. Identity's BorrowerDirectory keeps it: `remember` runs for every borrower profile identity
 * writes (the newest always wins), `ensure` and `fillMissing` only add rows that are absent, so they never overwrite
 * a newer profile with an older read. Not built from the event log: a projection rebuild leaves it alone.
 */
@Injectable()
export class LoanBorrowersRepository {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly directory: BorrowerDirectory,
  ) {}

  async remember(profile: BorrowerProfile): Promise<void> {
    await this.db
      .insertInto('loan_borrowers')
      .values({ user_id: profile.id, name: profile.name, email: profile.email, phone: profile.phone })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet((eb) => ({
          name: eb.ref('excluded.name'),
          email: eb.ref('excluded.email'),
          phone: eb.ref('excluded.phone'),
          updated_at: sql<Date>`now()`,
        })),
      )
      .execute();
  }

  /** Copies the borrower from the directory if the table lacks them (a borrower who registered before it existed). */
  async ensure(borrowerId: string): Promise<void> {
    const present = await this.db.selectFrom('loan_borrowers').select('user_id').where('user_id', '=', borrowerId).executeTakeFirst();
    if (!present) await this.addAbsent(await this.directory.profilesOf([borrowerId]));
  }

  /** Adds every loan's borrower the table lacks, in batches; run at start-up. Answers how many rows it added. */
  async fillMissing(): Promise<number> {
    let added = 0;
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const missing = await this.db
        .selectFrom('loan_summaries as l')
        .select('l.borrower_id')
        .distinct()
        .where('l.borrower_id', '>', after)
        .where((eb) =>
          eb.not(eb.exists(eb.selectFrom('loan_borrowers as b').select(sql.lit(1).as('one')).whereRef('b.user_id', '=', 'l.borrower_id'))),
        )
        .orderBy('l.borrower_id')
        .limit(FILL_BATCH)
        .execute();
      if (missing.length === 0) return added;
      added += await this.addAbsent(await this.directory.profilesOf(missing.map((r) => r.borrower_id)));
      after = missing.at(-1)!.borrower_id;
    }
  }

  private async addAbsent(profiles: BorrowerProfile[]): Promise<number> {
    if (profiles.length === 0) return 0;
    const result = await this.db
      .insertInto('loan_borrowers')
      .values(profiles.map((p) => ({ user_id: p.id, name: p.name, email: p.email, phone: p.phone })))
      .onConflict((oc) => oc.column('user_id').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0);
  }
}
