import { requiredProfileSections } from '../domain/product-profile-sections.js';
import type { ProductRecord, ProductVersionRecord } from '../repository/loan-products.repository.js';

/**
 * The terms of a version, by allow-list: a new column never leaks. requiredProfileSections is what applies at submit:
 * the version's own list, or the PROFILE_REQUIRED_SECTIONS setting (`setting`) for a version without one.
 */
const terms = (p: ProductVersionRecord, setting: readonly string[]) => ({
  code: p.code,
  name: p.name,
  type: p.type,
  currency: p.currency,
  minAmount: p.minAmount,
  maxAmount: p.maxAmount,
  minTenureMonths: p.minTenureMonths,
  maxTenureMonths: p.maxTenureMonths,
  annualRatePercent: p.annualRatePercent,
  processingFeePercent: p.processingFeePercent,
  graceDays: p.graceDays,
  penalChargeFlat: p.penalChargeFlat,
  allocationStrategy: p.allocationStrategy,
  prepaymentMode: p.prepaymentMode,
  advancePayment: p.advancePayment,
  defaultPayDayOfMonth: p.defaultPayDayOfMonth,
  minDaysToRepayment: p.minDaysToRepayment,
  mandateBounceCharge: p.mandateBounceCharge,
  mandateRepresentations: p.mandateRepresentations,
  mandateRepresentAfterDays: p.mandateRepresentAfterDays,
  mandateRequired: p.mandateRequired,
  accountingRule: p.accountingRule,
  requiredProfileSections: requiredProfileSections(p.requiredProfileSections, setting),
  active: p.active,
});

/** A product as staff see it: its current version, who made that version and when. */
export const productView = (p: ProductRecord, setting: readonly string[]) => ({
  id: p.productId,
  ...terms(p, setting),
  version: p.productVersion,
  madeBy: p.madeBy,
  madeAt: p.madeAt.toISOString(),
  createdAt: p.createdAt.toISOString(),
  updatedAt: p.updatedAt.toISOString(),
});
export type ProductView = ReturnType<typeof productView>;

/** One entry of a product's version history. */
export const productVersionView = (p: ProductVersionRecord, setting: readonly string[]) => ({
  id: `${p.productId}:${p.productVersion}`,
  productId: p.productId,
  version: p.productVersion,
  ...terms(p, setting),
  madeBy: p.madeBy,
  madeAt: p.madeAt.toISOString(),
});

/** What anyone may read of an active product: what the borrower is offered, and the charges disclosed to them. */
export const publicProductView = (p: ProductRecord) => ({
  id: p.productId,
  version: p.productVersion,
  code: p.code,
  name: p.name,
  type: p.type,
  currency: p.currency,
  minAmount: p.minAmount,
  maxAmount: p.maxAmount,
  minTenureMonths: p.minTenureMonths,
  maxTenureMonths: p.maxTenureMonths,
  annualRatePercent: p.annualRatePercent,
  processingFeePercent: p.processingFeePercent,
  graceDays: p.graceDays,
  penalChargeFlat: p.penalChargeFlat,
  prepaymentMode: p.prepaymentMode,
  advancePayment: p.advancePayment,
  defaultPayDayOfMonth: p.defaultPayDayOfMonth,
  minDaysToRepayment: p.minDaysToRepayment,
  mandateBounceCharge: p.mandateBounceCharge,
  mandateRepresentations: p.mandateRepresentations,
  mandateRepresentAfterDays: p.mandateRepresentAfterDays,
  mandateRequired: p.mandateRequired,
});
