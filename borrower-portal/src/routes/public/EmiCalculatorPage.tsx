import { ApplyLink } from '../../components/ApplyLink';
import { EmiCalculator } from '../../components/EmiCalculator';
import {
  calculatorRanges,
  defaultProduct,
  SUGGESTED_AMOUNT,
  SUGGESTED_MONTHS,
  suggestedAmount,
  suggestedMonths,
  useProducts,
} from '../../lending/products';

export default function EmiCalculatorPage() {
  const { products, error } = useProducts();
  const emi = defaultProduct(products, 'EMI');
  return (
    <article className="container section">
      <h1>EMI calculator</h1>
      <p className="lead">
        Change any figure and the EMI, the total interest and the schedule follow. Amounts are in rupees; interest is on the reducing
        balance.
      </p>
      {emi ? (
        // The open product's limits: an amount or tenure we would not lend gets a message, not an EMI.
        <EmiCalculator
          initial={{ principal: suggestedAmount(emi), annualRatePercent: emi.annualRatePercent, months: suggestedMonths(emi) }}
          {...calculatorRanges(emi)}
        />
      ) : error || products ? (
        // No open EMI product (or its rate could not be read): the calculator still works with a rate typed in.
        <EmiCalculator initial={{ principal: SUGGESTED_AMOUNT, annualRatePercent: null, months: SUGGESTED_MONTHS }} />
      ) : (
        <p className="muted">Loading our current rate…</p>
      )}
      <p className="actions">
        <ApplyLink className="button button--primary">Apply for a personal loan</ApplyLink>
      </p>
    </article>
  );
}
