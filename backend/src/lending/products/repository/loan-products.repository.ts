import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { sql, type Selectable } from 'kysely';
import { DB, type Db } from '../../../platform/database/database.js';
import type { LoanProductVersionsTable } from '../../../platform/database/schema.js';
import type { ListParams } from '../../../platform/query/list-params.js';
import { countOf, idsOrNone, inRange, sortable, likePattern } from '../../../platform/query/list-query.js';
import type {
  AccountingRule,
  AdvancePayment,
  AllocationStrategy,
  PrepaymentMode,
  ProductParameters,
  ProductTerms,
} from '../../loan/domain/terms/loan-product.js';
import type { LoanType } from '../../loan/domain/loan.types.js';
import type { ProductProfileSection } from '../domain/product-profile-sections.js';

/**
 * What a version holds beside the terms the decider reads: the profile sections a borrower completes before submitting
 * (null: the PROFILE_REQUIRED_SECTIONS setting).
 */
export type ProductVersionTerms = ProductTerms & { requiredProfileSections: ProductProfileSection[] | null };
/** One version of a product as stored: its terms, who made it and when. */
export type ProductVersionRecord = ProductParameters & {
  requiredProfileSections: ProductProfileSection[] | null;
  madeBy: string;
  madeAt: Date;
};
/** A product at its current version. */
export type ProductRecord = ProductVersionRecord & { createdAt: Date; updatedAt: Date };

export class DuplicateProductCode extends Error {}

/** Sortable columns of the product list; anything else is refused before a query is built. */
export const PRODUCT_SORT = sortable({
  code: 'p.code',
  name: 'v.name',
  type: 'p.type',
  minAmount: 'v.min_amount',
  maxAmount: 'v.max_amount',
  annualRatePercent: 'v.annual_rate_percent',
  processingFeePercent: 'v.processing_fee_percent',
  version: 'p.current_version',
  active: 'v.active',
  createdAt: 'p.created_at',
  updatedAt: 'p.updated_at',
});

export type ProductFilter = { q?: string; type?: LoanType; active?: boolean; ids?: string[] };

type VersionRow = Selectable<LoanProductVersionsTable>;

const toParameters = (p: { id: string; code: string; type: LoanType }, v: VersionRow): ProductVersionRecord => ({
  productId: p.id,
  productVersion: v.version,
  code: p.code,
  type: p.type,
  name: v.name,
  currency: v.currency,
  minAmount: Number(v.min_amount),
  maxAmount: Number(v.max_amount),
  minTenureMonths: v.min_tenure_months,
  maxTenureMonths: v.max_tenure_months,
  annualRatePercent: Number(v.annual_rate_percent),
  processingFeePercent: Number(v.processing_fee_percent),
  graceDays: v.grace_days,
  penalChargeFlat: Number(v.penal_charge_flat),
  allocationStrategy: v.allocation_strategy as AllocationStrategy,
  prepaymentMode: v.prepayment_mode as PrepaymentMode,
  advancePayment: v.advance_payment as AdvancePayment,
  mandateBounceCharge: Number(v.mandate_bounce_charge),
  mandateRepresentations: v.mandate_representations,
  mandateRepresentAfterDays: v.mandate_represent_after_days,
  mandateRequired: v.mandate_required,
  accountingRule: v.accounting_rule as AccountingRule,
  defaultPayDayOfMonth: v.default_pay_day_of_month,
  minDaysToRepayment: v.min_days_to_repayment,
  requiredProfileSections: v.required_profile_sections as ProductProfileSection[] | null,
  active: v.active,
  madeBy: v.made_by,
  madeAt: v.made_at,
});

const versionValues = (
  productId: string,
  version: number,
  terms: ProductTerms & { requiredProfileSections?: ProductProfileSection[] | null },
  madeBy: string,
) => ({
  product_id: productId,
  version,
  name: terms.name,
  currency: terms.currency,
  min_amount: terms.minAmount,
  max_amount: terms.maxAmount,
  min_tenure_months: terms.minTenureMonths,
  max_tenure_months: terms.maxTenureMonths,
  annual_rate_percent: terms.annualRatePercent,
  processing_fee_percent: terms.processingFeePercent,
  grace_days: terms.graceDays,
  penal_charge_flat: terms.penalChargeFlat,
  allocation_strategy: terms.allocationStrategy,
  prepayment_mode: terms.prepaymentMode,
  advance_payment: terms.advancePayment,
  mandate_bounce_charge: terms.mandateBounceCharge,
  mandate_representations: terms.mandateRepresentations,
  mandate_represent_after_days: terms.mandateRepresentAfterDays,
  mandate_required: terms.mandateRequired,
  accounting_rule: terms.accountingRule,
  default_pay_day_of_month: terms.defaultPayDayOfMonth,
  min_days_to_repayment: terms.minDaysToRepayment,
  required_profile_sections: terms.requiredProfileSections ?? null,
  active: terms.active,
  made_by: madeBy,
});

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

/**
 * Loan products and their versions (migration 0014). A product row names the current version; versions are never
 * changed or removed (a trigger refuses it), so a loan's pinned version reads the same for ever.
 */
@Injectable()
export class LoanProductsRepository {
  constructor(@Inject(DB) private readonly db: Db) {}

  private current() {
    return this.db
      .selectFrom('loan_products as p')
      .innerJoin('loan_product_versions as v', (join) =>
        join.onRef('v.product_id', '=', 'p.id').onRef('v.version', '=', 'p.current_version'),
      )
      .select(['p.id', 'p.code', 'p.type', 'p.created_at', 'p.updated_at'])
      .selectAll('v');
  }

  private static record(row: VersionRow & { id: string; code: string; type: LoanType; created_at: Date; updated_at: Date }): ProductRecord {
    return { ...toParameters(row, row), createdAt: row.created_at, updatedAt: row.updated_at };
  }

  async list(filter: ProductFilter, sort: ListParams['sort'], range: ListParams['range']) {
    let query = this.current();
    if (filter.q) {
      const like = likePattern(filter.q);
      query = query.where((eb) => eb.or([eb('p.code', 'ilike', like), eb('v.name', 'ilike', like)]));
    }
    if (filter.type) query = query.where('p.type', '=', filter.type);
    if (filter.active !== undefined) query = query.where('v.active', '=', filter.active);
    if (filter.ids) query = query.where('p.id', 'in', idsOrNone(filter.ids));
    const [rows, total] = await Promise.all([
      query.orderBy(PRODUCT_SORT.orderBy(sort)).orderBy('p.code').$call(inRange(range)).execute(),
      countOf(this.db, query),
    ]);
    return { rows: rows.map(LoanProductsRepository.record), total };
  }

  /** Active products, the oldest of each type first: the first of a type is the one a borrower gets by default. */
  async active(type?: LoanType): Promise<ProductRecord[]> {
    let query = this.current().where('v.active', '=', true);
    if (type) query = query.where('p.type', '=', type);
    const rows = await query.orderBy('p.type').orderBy('p.created_at').orderBy('p.code').execute();
    return rows.map(LoanProductsRepository.record);
  }

  async find(id: string): Promise<ProductRecord | undefined> {
    const row = await this.current().where('p.id', '=', id).executeTakeFirst();
    return row ? LoanProductsRepository.record(row) : undefined;
  }

  async version(id: string, version: number): Promise<ProductVersionRecord | undefined> {
    const row = await this.db
      .selectFrom('loan_product_versions as v')
      .innerJoin('loan_products as p', 'p.id', 'v.product_id')
      .select(['p.id', 'p.code', 'p.type'])
      .selectAll('v')
      .where('v.product_id', '=', id)
      .where('v.version', '=', version)
      .executeTakeFirst();
    return row ? toParameters(row, row) : undefined;
  }

  async versions(id: string): Promise<ProductVersionRecord[]> {
    const rows = await this.db
      .selectFrom('loan_product_versions as v')
      .innerJoin('loan_products as p', 'p.id', 'v.product_id')
      .select(['p.id', 'p.code', 'p.type'])
      .selectAll('v')
      .where('v.product_id', '=', id)
      .orderBy('v.version', 'desc')
      .execute();
    return rows.map((row) => toParameters(row, row));
  }

  async create(terms: ProductVersionTerms, madeBy: string, id: string = randomUUID()): Promise<ProductRecord> {
    try {
      await this.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('loan_products')
          .values({ id, code: terms.code, type: terms.type, current_version: 1, updated_at: new Date() })
          .execute();
        await trx
          .insertInto('loan_product_versions')
          .values(versionValues(id, 1, terms, madeBy))
          .execute();
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new DuplicateProductCode();
      throw error;
    }
    return (await this.find(id))!;
  }

  /**
   * Appends a version made from the current one by `change` (which sees the current terms under the product's row
   * lock, so two editors make two versions, one after the other). `change` answers undefined to append nothing.
   */
  async addVersion(
    id: string,
    madeBy: string,
    change: (current: ProductRecord) => ProductVersionTerms | undefined,
  ): Promise<ProductRecord | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const locked = await trx.selectFrom('loan_products').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
      if (!locked) return undefined;
      const products = new LoanProductsRepository(trx);
      const current = (await products.find(id))!;
      const next = change(current);
      if (!next) return current;
      const version = current.productVersion + 1;
      await trx
        .insertInto('loan_product_versions')
        .values(versionValues(id, version, next, madeBy))
        .execute();
      await trx.updateTable('loan_products').set({ current_version: version, updated_at: new Date() }).where('id', '=', id).execute();
      return (await products.find(id))!;
    });
  }

  /**
   * On an empty table, the given products as version 1, made by "system". Under an advisory lock, so API processes
   * starting together create them once.
   */
  async seedIfEmpty(products: ProductParameters[]): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(hashtext('loan_products_seed'))`.execute(trx);
      const any = await trx.selectFrom('loan_products').select('id').limit(1).executeTakeFirst();
      if (any) return false;
      for (const p of products) {
        await trx
          .insertInto('loan_products')
          .values({ id: p.productId, code: p.code, type: p.type, current_version: 1, updated_at: new Date() })
          .execute();
        await trx
          .insertInto('loan_product_versions')
          .values(versionValues(p.productId, 1, p, 'system'))
          .execute();
      }
      return true;
    });
  }
}
