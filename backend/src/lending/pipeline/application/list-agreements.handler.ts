import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { sql } from 'kysely';
import type { Db } from '../../../platform/database/database.js';
import { READ_DB } from '../../../platform/database/read-database.js';
import type { ListParams } from '../../../platform/query/list-params.js';
import { countOf, idsOrNone, inRange, likePattern, sortable } from '../../../platform/query/list-query.js';
import { agreementRowView, type AgreementRow } from './agreement.view.js';

export type AgreementListFilter = {
  /** true: signed only; false: waiting for the signature. */
  signed?: boolean;
  /** YYYY-MM-DD, issued on or after (business dates in Asia/Kolkata). */
  issuedFrom?: string;
  /** YYYY-MM-DD, issued on or before. */
  issuedTo?: string;
  q?: string;
  ids?: string[];
};

export class ListAgreementsQuery {
  constructor(
    readonly filter: AgreementListFilter,
    readonly sort: ListParams['sort'],
    readonly range: ListParams['range'],
    readonly timeZone: string,
  ) {}
}

export const AGREEMENT_SORT = sortable(
  { id: 'a.loan_id', issuedAt: 'a.issued_at', signedAt: 'a.signed_at', principal: 'a.principal' },
  { nulls: 'low' },
);

/** Every issued agreement (the projection `agreements`), with its loan's borrower and type from the loan read models. */
@QueryHandler(ListAgreementsQuery)
export class ListAgreementsHandler implements IQueryHandler<ListAgreementsQuery> {
  constructor(@Inject(READ_DB) private readonly db: Db) {}

  async execute({ filter, sort, range, timeZone }: ListAgreementsQuery): Promise<{ rows: AgreementRow[]; total: number }> {
    let query = this.db
      .selectFrom('agreements as a')
      .innerJoin('loan_summaries as l', 'l.id', 'a.loan_id')
      .leftJoin('loan_borrowers as b', 'b.user_id', 'l.borrower_id');
    if (filter.signed === true) query = query.where('a.signed_at', 'is not', null);
    if (filter.signed === false) query = query.where('a.signed_at', 'is', null);
    if (filter.issuedFrom) query = query.where(sql<boolean>`(a.issued_at AT TIME ZONE ${timeZone})::date >= ${filter.issuedFrom}::date`);
    if (filter.issuedTo) query = query.where(sql<boolean>`(a.issued_at AT TIME ZONE ${timeZone})::date <= ${filter.issuedTo}::date`);
    if (filter.ids) query = query.where('a.loan_id', 'in', idsOrNone(filter.ids));
    if (filter.q) {
      const like = likePattern(filter.q);
      query = query.where((eb) =>
        eb.or([
          eb('b.name', 'ilike', like),
          eb('b.email', 'ilike', like),
          eb(sql`a.loan_id::text`, 'ilike', like),
          eb('a.document_hash', 'ilike', like),
        ]),
      );
    }
    const total = await countOf(this.db, query);
    const rows = await query
      .select([
        'a.loan_id',
        'a.principal',
        'a.currency',
        'a.document_hash',
        'a.issued_at',
        'a.signed_at',
        'l.borrower_id',
        'l.type',
        'l.state',
        'b.name as borrower_name',
        'b.email as borrower_email',
      ])
      .orderBy(AGREEMENT_SORT.orderBy(sort))
      .orderBy('a.loan_id')
      .$call(inRange(range))
      .execute();
    return { rows: rows.map(agreementRowView), total };
  }
}
