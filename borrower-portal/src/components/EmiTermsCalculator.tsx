import { PRODUCTS } from '../lending/products';
import { EmiCalculator, type CalculatorValue } from './EmiCalculator';

/** The calculator as the application flow uses it: the product's rate fixed, sliders within its bounds, no schedule. */
export function EmiTermsCalculator({ principal, months, annualRatePercent = PRODUCTS.EMI.annualRatePercent, onChange }: { principal: number; months: number; annualRatePercent?: number; onChange(value: CalculatorValue): void }) {
  const product = PRODUCTS.EMI;
  return (
    <EmiCalculator
      initial={{ principal, annualRatePercent, months }}
      fixedRate={annualRatePercent}
      amountRange={{ min: product.minAmount, max: product.maxAmount, step: product.step }}
      tenureRange={{ min: product.minTenure, max: product.maxTenure }}
      showSchedule={false}
      onChange={onChange}
    />
  );
}
