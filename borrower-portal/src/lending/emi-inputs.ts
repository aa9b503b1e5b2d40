import { formatMoney } from '@lending/web-common/format';

/** What the calculator reads from its three fields: paise, % a year, months; null where the text is not a number. */
export type EmiInputs = { principal: number | null; annualRatePercent: number | null; months: number | null };
/** A product's limits, from /api/public/products (paise and months). */
export type EmiBounds = { amount: { min: number; max: number }; months: { min: number; max: number } };

export type EmiInputMessages = { principal: string | null; annualRatePercent: string | null; months: string | null };

/** Without a product (none open, or not loaded) the calculator still works within what the API computes. */
const OPEN_BOUNDS: EmiBounds = { amount: { min: 100, max: 10_000_000_000_000 }, months: { min: 1, max: 600 } };

const rupees = (minor: number) => formatMoney(minor, 'INR', { whole: true });

/**
 * What is wrong with each figure, in the words of the form, against the product's amount and tenure limits (the
 * calculator shows no EMI while any message stands). null where the figure is fine.
 */
export function emiInputMessages({ principal, annualRatePercent: rate, months }: EmiInputs, bounds: EmiBounds | null): EmiInputMessages {
  const { amount, months: tenure } = bounds ?? OPEN_BOUNDS;
  return {
    principal:
      principal === null
        ? 'Enter the loan amount in rupees, e.g. 1,00,000'
        : principal < amount.min || principal > amount.max
          ? bounds
            ? `Choose an amount from ${rupees(amount.min)} to ${rupees(amount.max)}`
            : `Enter an amount from ${rupees(amount.min)}`
          : null,
    annualRatePercent:
      rate === null ? 'Enter the yearly interest rate, e.g. 18' : rate < 0 || rate > 100 ? 'The rate must be between 0 and 100 %' : null,
    months:
      months === null
        ? 'Enter the number of months, e.g. 12'
        : months < tenure.min || months > tenure.max
          ? `Choose a tenure from ${tenure.min} to ${tenure.max} months`
          : null,
  };
}

export const emiInputsValid = (messages: EmiInputMessages) => !messages.principal && !messages.annualRatePercent && !messages.months;
