import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { APP_CONFIG, type AppConfig } from '../../platform/config/config.js';
import { productProblems, type ProductTerms } from '../domain/loan-product.js';
import type { Actor, LoanType } from '../domain/loan.types.js';
import { InvalidProduct, ProductCodeTaken, ProductNotFound } from '../domain/product.errors.js';
import { DuplicateProductCode, LoanProductsRepository } from '../products/loan-products.repository.js';
import { productView, type ProductView } from './product.view.js';

/** What a create or edit may name; on create, code, name, type, amounts and fee are required (the schema checks). */
export type ProductInput = Partial<ProductTerms>;

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
  'code', 'name', 'type', 'currency', 'minAmount', 'maxAmount', 'minTenureMonths', 'maxTenureMonths', 'annualRatePercent', 'processingFeePercent',
  'graceDays', 'penalChargeFlat', 'allocationStrategy', 'prepaymentMode', 'defaultPayDayOfMonth', 'minDaysToRepayment', 'active',
] as const satisfies readonly (keyof ProductTerms)[];

const sameTerms = (a: ProductTerms, b: ProductTerms) => TERM_FIELDS.every((field) => a[field] === b[field]);
const termsOf = (p: ProductTerms): ProductTerms => Object.fromEntries(TERM_FIELDS.map((f) => [f, p[f]])) as ProductTerms;

/** Defaults by type: a salary advance runs one month at no interest, repaid on a pay day; an EMI product has no pay day. */
function withDefaults(input: CreateProductCommand['input'], currency: string, defaultPayDay: number, minDaysToRepayment: number): ProductTerms {
  const advance = input.type === 'salaryAdvance';
  const missing = (['minAmount', 'maxAmount', 'processingFeePercent', ...(advance ? [] : (['minTenureMonths', 'maxTenureMonths', 'annualRatePercent'] as const))] as const).filter(
    (field) => input[field] === undefined,
  );
  if (missing.length > 0) throw new InvalidProduct(missing.map((name) => ({ name, message: `${name} is required${advance ? '' : ' for an EMI product'}` })));
  return {
    currency,
    graceDays: 0,
    penalChargeFlat: 0,
    allocationStrategy: 'mifos-standard',
    prepaymentMode: 'reduceTenure',
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
function check(terms: ProductTerms, currency: string): void {
  const problems = productProblems(terms);
  if (terms.currency !== currency) problems.add('currency', `currency must be ${currency}, the currency this deployment lends in (CURRENCY)`);
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
    const terms = withDefaults(input, currency, salaryAdvance.defaultPayDayOfMonth, salaryAdvance.minDaysToRepayment);
    check(terms, currency);
    try {
      return productView(await this.products.create(termsOf(terms), actor.id));
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
      if (fixed.length > 0) throw new InvalidProduct(fixed.map((name) => ({ name, message: `${name} cannot change once a product exists (it is ${current[name]}); create another product instead` })));
      const next = termsOf({ ...current, ...change, type: current.type as LoanType });
      check(next, this.config.product.currency);
      return sameTerms(next, termsOf(current)) ? undefined : next;
    });
    if (!updated) throw new ProductNotFound(id);
    return productView(updated);
  }
}
