import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config.js';
import {
  DEFAULT_ACCOUNTING_RULE,
  DEFAULT_MANDATE_SETTINGS,
  productProblems,
  type ProductTerms,
} from '../../loan/domain/terms/loan-product.js';
import type { Actor, LoanType } from '../../loan/domain/loan.types.js';
import { normalizedProfileSections, requiredProfileSections, requiredProfileSectionsProblems } from '../domain/product-profile-sections.js';
import { InvalidProduct, ProductCodeTaken, ProductNotFound } from '../domain/product.errors.js';
import { DuplicateProductCode, LoanProductsRepository, type ProductVersionTerms } from '../repository/loan-products.repository.js';
import { productView, type ProductView } from './product.view.js';

/**
 * What a create or edit may name; on create, code, name, type, amounts and fee are required (the schema checks).
 * requiredProfileSections: null or left out on create means the PROFILE_REQUIRED_SECTIONS setting.
 */
export type ProductInput = Partial<Omit<ProductTerms, 'requiredProfileSections'>> & { requiredProfileSections?: string[] | null };

export class CreateProductCommand extends Command<ProductView> {
  constructor(
    readonly actor: Actor,
    readonly input: ProductInput & Pick<ProductTerms, 'code' | 'name' | 'type'>,
  ) {
    super();
  }
}

export class UpdateProductCommand extends Command<ProductView> {
  constructor(
    readonly actor: Actor,
    readonly id: string,
    readonly change: ProductInput,
  ) {
    super();
  }
}

const TERM_FIELDS = [
  'code',
  'name',
  'type',
  'currency',
  'minAmount',
  'maxAmount',
  'minTenureMonths',
  'maxTenureMonths',
  'annualRatePercent',
  'processingFeePercent',
  'graceDays',
  'penalChargeFlat',
  'allocationStrategy',
  'prepaymentMode',
  'advancePayment',
  'defaultPayDayOfMonth',
  'minDaysToRepayment',
  'mandateBounceCharge',
  'mandateRepresentations',
  'mandateRepresentAfterDays',
  'mandateRequired',
  'accountingRule',
  'active',
] as const satisfies readonly (keyof ProductTerms)[];

const termsOf = (p: ProductTerms): ProductTerms => Object.fromEntries(TERM_FIELDS.map((f) => [f, p[f]])) as ProductTerms;

/** Defaults by type: a salary advance runs one month at no interest, repaid on a pay day; an EMI product has no pay day. */
function withDefaults(
  input: Omit<CreateProductCommand['input'], 'requiredProfileSections'>,
  currency: string,
  defaultPayDay: number,
  minDaysToRepayment: number,
): ProductTerms {
  const advance = input.type === 'salaryAdvance';
  const missing = (
    [
      'minAmount',
      'maxAmount',
      'processingFeePercent',
      ...(advance ? [] : (['minTenureMonths', 'maxTenureMonths', 'annualRatePercent'] as const)),
    ] as const
  ).filter((field) => input[field] === undefined);
  if (missing.length > 0)
    throw new InvalidProduct(missing.map((name) => ({ name, message: `${name} is required${advance ? '' : ' for an EMI product'}` })));
  return {
    currency,
    graceDays: 0,
    penalChargeFlat: 0,
    allocationStrategy: 'mifos-standard',
    prepaymentMode: 'reduceTenure',
    advancePayment: 'nextInstalments',
    ...DEFAULT_MANDATE_SETTINGS,
    accountingRule: DEFAULT_ACCOUNTING_RULE,
    active: true,
    ...(advance
      ? { minTenureMonths: 1, maxTenureMonths: 1, annualRatePercent: 0, defaultPayDayOfMonth: defaultPayDay, minDaysToRepayment }
      : { defaultPayDayOfMonth: null, minDaysToRepayment: null }),
    ...input,
  } as ProductTerms;
}

/**
 * Products are checked whole (product-parameters rules) and in the deployment's one currency: loans, schedules and
 * views are all in CURRENCY, so a product in another would be shown in the wrong money.
 */
function check(terms: ProductTerms, sections: readonly string[] | null, currency: string): void {
  const problems = productProblems(terms);
  for (const problem of requiredProfileSectionsProblems(sections).all) problems.add(problem.name, problem.message);
  if (terms.currency !== currency)
    problems.add('currency', `currency must be ${currency}, the currency this deployment lends in (CURRENCY)`);
  if (problems.all.length > 0) throw new InvalidProduct(problems.all);
}

@CommandHandler(CreateProductCommand)
export class CreateProductHandler implements ICommandHandler<CreateProductCommand> {
  constructor(
    private readonly products: LoanProductsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ actor, input }: CreateProductCommand): Promise<ProductView> {
    const { currency, salaryAdvance } = this.config.product;
    const { requiredProfileSections: sections = null, ...rest } = input;
    const terms = withDefaults(rest, currency, salaryAdvance.defaultPayDayOfMonth, salaryAdvance.minDaysToRepayment);
    check(terms, sections, currency);
    try {
      const created = await this.products.create(
        { ...termsOf(terms), requiredProfileSections: normalizedProfileSections(sections) },
        actor.id,
      );
      return productView(created, this.config.profileRequiredSections);
    } catch (error) {
      if (error instanceof DuplicateProductCode) throw new ProductCodeTaken(terms.code);
      throw error;
    }
  }
}

/**
 * An edit makes a new version from the current one; loans already applied for keep the version they pinned. Code and
 * type name what the product is, so they stay; an edit that changes nothing makes no version.
 */
@CommandHandler(UpdateProductCommand)
export class UpdateProductHandler implements ICommandHandler<UpdateProductCommand> {
  constructor(
    private readonly products: LoanProductsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ actor, id, change }: UpdateProductCommand): Promise<ProductView> {
    const updated = await this.products.addVersion(id, actor.id, (current) => {
      const fixed = (['code', 'type'] as const).filter((field) => change[field] !== undefined && change[field] !== current[field]);
      if (fixed.length > 0)
        throw new InvalidProduct(
          fixed.map((name) => ({
            name,
            message: `${name} cannot change once a product exists (it is ${current[name]}); create another product instead`,
          })),
        );
      const { requiredProfileSections: sections, ...terms } = change;
      const next = termsOf({ ...current, ...terms, type: current.type as LoanType });
      check(next, sections ?? null, this.config.product.currency);
      const nextSections = sections === undefined ? current.requiredProfileSections : normalizedProfileSections(sections);
      const setting = this.config.profileRequiredSections;
      const sameSections =
        requiredProfileSections(nextSections, setting).join() === requiredProfileSections(current.requiredProfileSections, setting).join();
      const same = sameSections && TERM_FIELDS.every((field) => next[field] === current[field]);
      return same ? undefined : ({ ...next, requiredProfileSections: nextSections } satisfies ProductVersionTerms);
    });
    if (!updated) throw new ProductNotFound(id);
    return productView(updated, this.config.profileRequiredSections);
  }
}
