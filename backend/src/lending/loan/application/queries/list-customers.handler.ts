import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { sql, type Expression, type SqlBool } from 'kysely';
import { CustomerProfiles } from '../../../../origination/public/index.js';
import type { Db } from '../../../../platform/database/database.js';
import { READ_DB } from '../../../../platform/database/read-database.js';
import { e164Phone } from '../../../../platform/phone/phone-number.js';
import type { ListParams } from '../../../../platform/query/list-params.js';
import { countOf, direction, idsOrNone, inRange, likePattern, sortable } from '../../../../platform/query/list-query.js';
import { loanIdsLike } from './loan-ids-like.js';
import { borrowerTextLike } from '../../borrowers/borrower-search.js';

export type CustomerListFilter = {
  /** One box: a fragment of the name, email or phone, or a whole phone written any way; four characters are also tried as a PAN's last four, a hex fragment as a loan id. */
  q?: string;
  /** The last four characters of the PAN. */
  pan?: string;
  /** A loan id, or a fragment of one (hex digits and dashes). */
  loanId?: string;
  hasLoans?: boolean;
  ids?: string[];
};

export class ListCustomersQuery {
  constructor(
    readonly filter: CustomerListFilter,
    readonly sort: ListParams['sort'],
    readonly range: ListParams['range'],
  ) {}
}

/** Sortable fields (API name -> expression); documented in docs/api.md. */
export const CUSTOMER_SORT = sortable(
  { name: 'b.name', email: 'b.email', phone: 'b.phone', updatedAt: 'b.updated_at', loanCount: 'loan_count' },
  { nulls: 'last' },
);

export type CustomerRow = { id: string; name: string; email: string; phone: string | null; loanCount: number; updatedAt: string };

/** A text that could be part of a loan id (hex digits and dashes), and one that could be a PAN's last four. */
const ID_FRAGMENT = /^[0-9a-f-]{4,36}$/i;
const PAN_LAST4 = /^[0-9]{3}[A-Z]$/i;

/**
 * Customers are borrowers (lending's copy of their name, email and phone in `loan_borrowers`, kept by identity's
 * directory), with how many loans they hold. Every filter narrows one query and the total is an exact count of it.
 */
@QueryHandler(ListCustomersQuery)
export class ListCustomersHandler implements IQueryHandler<ListCustomersQuery> {
  constructor(
    @Inject(READ_DB) private readonly db: Db,
    private readonly profiles: CustomerProfiles,
  ) {}

  async execute({ filter, sort, range }: ListCustomersQuery): Promise<{ rows: CustomerRow[]; total: number }> {
    const conditions: ((eb: any) => Expression<SqlBool>)[] = [];
    const loansLike = (fragment: string) =>
      this.db
        .selectFrom('loan_summaries as l')
        .select('l.borrower_id')
        .where('l.id', 'in', loanIdsLike(this.db, likePattern(fragment)));
    if (filter.q) {
      const q = filter.q;
      const panIds = PAN_LAST4.test(q) ? await this.profiles.borrowersWithPanEnding(q) : [];
      // A whole number written any usual way (098765-01234, +91 98765 01234) finds the phone stored in E.164.
      const number = e164Phone(q);
      conditions.push((eb) =>
        eb.or([
          borrowerTextLike(q),
          ...(number ? [eb('b.phone', '=', number)] : []),
          ...(panIds.length > 0 ? [eb('b.user_id', 'in', panIds)] : []),
          ...(ID_FRAGMENT.test(q) ? [eb('b.user_id', 'in', loansLike(q))] : []),
        ]),
      );
    }
    if (filter.pan) {
      const panIds = await this.profiles.borrowersWithPanEnding(filter.pan);
      conditions.push((eb) => eb('b.user_id', 'in', idsOrNone(panIds)));
    }
    if (filter.loanId) conditions.push((eb) => eb('b.user_id', 'in', loansLike(filter.loanId!)));
    if (filter.ids) conditions.push((eb) => eb('b.user_id', 'in', idsOrNone(filter.ids!)));
    if (filter.hasLoans !== undefined) {
      conditions.push((eb) => {
        const has = eb.exists(
          eb.selectFrom('loan_summaries as l').select(sql.lit(1).as('one')).whereRef('l.borrower_id', '=', 'b.user_id'),
        );
        return filter.hasLoans ? has : eb.not(has);
      });
    }

    const base = this.db.selectFrom('loan_borrowers as b').where((eb) => eb.and(conditions.map((c) => c(eb))));
    const [rows, total] = await Promise.all([
      base
        .select((eb) => [
          'b.user_id',
          'b.name',
          'b.email',
          'b.phone',
          'b.updated_at',
          eb
            .selectFrom('loan_summaries as l')
            .select((e) => e.fn.countAll<string>().as('n'))
            .whereRef('l.borrower_id', '=', 'b.user_id')
            .as('loan_count'),
        ])
        .orderBy(CUSTOMER_SORT.orderBy(sort))
        .orderBy('b.user_id', direction(sort))
        .$call(inRange(range))
        .execute(),
      countOf(this.db, base),
    ]);
    return {
      rows: rows.map((r) => ({
        id: r.user_id,
        name: r.name,
        email: r.email,
        phone: r.phone,
        loanCount: Number(r.loan_count ?? 0),
        updatedAt: r.updated_at.toISOString(),
      })),
      total,
    };
  }
}
