import { calculatorRanges, type Product } from '../lending/products';
import { EmiCalculator, type CalculatorValue } from './EmiCalculator';

/** The calculator as the application flow uses it: the product's rate fixed, sliders within its bounds, no schedule. */
export function EmiTermsCalculator({
  product,
  principal,
  months,
  annualRatePercent = product.annualRatePercent,
  onChange,
}: {
  product: Product;
  principal: number;
  months: number;
  annualRatePercent?: number;
  onChange(value: CalculatorValue): void;
}) {
  return (
    <EmiCalculator
      initial={{ principal, annualRatePercent, months }}
      fixedRate={annualRatePercent}
      {...calculatorRanges(product)}
      showSchedule={false}
      onChange={onChange}
    />
  );
}
