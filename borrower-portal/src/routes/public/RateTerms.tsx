import { formatMoney } from '@lending/web-common/format';
import { PRODUCTS } from '../../lending/products';
import { Prose } from './Prose';

const money = (minor: number) => formatMoney(minor, 'INR', { whole: true });

export default function RateTerms() {
  const emi = PRODUCTS.EMI;
  const advance = PRODUCTS.salaryAdvance;
  return (
    <Prose title="Rates and fees" intro="All charges, before you apply. Your agreement states the exact figures for your loan.">
      <div className="table-scroll">
        <table className="schedule">
          <caption>Key facts</caption>
          <thead>
            <tr>
              <th scope="col" />
              <th scope="col">Personal loan (EMI)</th>
              <th scope="col">Salary advance</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">Amount</th>
              <td>
                {money(emi.minAmount)} to {money(emi.maxAmount)}
              </td>
              <td>
                {money(advance.minAmount)} to {money(advance.maxAmount)}
              </td>
            </tr>
            <tr>
              <th scope="row">Tenure</th>
              <td>
                {emi.minTenure} to {emi.maxTenure} months
              </td>
              <td>until your next payday</td>
            </tr>
            <tr>
              <th scope="row">Interest</th>
              <td>{emi.annualRatePercent}% a year, reducing balance</td>
              <td>none</td>
            </tr>
            <tr>
              <th scope="row">Fee</th>
              <td>{emi.feePercent}% processing fee, once</td>
              <td>{advance.feePercent}% flat fee</td>
            </tr>
            <tr>
              <th scope="row">Early repayment</th>
              <td>free</td>
              <td>free</td>
            </tr>
          </tbody>
        </table>
      </div>
      <h2>How the EMI is worked out</h2>
      <p>
        With a monthly rate r (the yearly rate divided by 1,200) and n months, the EMI is P × r × (1 + r)ⁿ ÷ ((1 + r)ⁿ − 1), rounded to the paisa. Each month's interest is the
        outstanding balance times r; the rest of the EMI repays principal, and the last instalment absorbs the rounding so that you repay exactly what you borrowed.
      </p>
    </Prose>
  );
}
