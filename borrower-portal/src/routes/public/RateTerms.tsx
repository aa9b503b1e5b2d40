import { formatMoney } from '@lending/web-common/format';
import { useProducts, type Product } from '../../lending/products';
import { Prose } from './Prose';

const money = (minor: number, currency: string) => formatMoney(minor, currency, { whole: true });

/** One column of the key facts: a product open for applications, as /api/public/products states it today. */
export function facts(p: Product) {
  const advance = p.type === 'salaryAdvance';
  return {
    amount: `${money(p.minAmount, p.currency)} to ${money(p.maxAmount, p.currency)}`,
    tenure: advance ? 'until your next payday' : `${p.minTenureMonths} to ${p.maxTenureMonths} months`,
    interest: advance ? 'none' : `${p.annualRatePercent}% a year, reducing balance`,
    fee: advance ? `${p.processingFeePercent}% flat fee` : `${p.processingFeePercent}% processing fee, once`,
    late: `${p.graceDays === 0 ? 'no' : p.graceDays} grace day${p.graceDays === 1 ? '' : 's'}, then ${p.penalChargeFlat === 0 ? 'no charge' : `${formatMoney(p.penalChargeFlat, p.currency)} once per late instalment`}`,
    // A penal charge on the instalment (RBI, 2023), never interest; the KFS states it with the re-presentation policy.
    bounce:
      p.mandateBounceCharge === 0
        ? 'no charge'
        : `${formatMoney(p.mandateBounceCharge, p.currency)} per auto-debit your bank returns unpaid (a penal charge, not interest)`,
  };
}

const ROWS = [
  ['Amount', 'amount'],
  ['Tenure', 'tenure'],
  ['Interest', 'interest'],
  ['Fee', 'fee'],
  ['Late payment', 'late'],
  ['Auto-debit bounce', 'bounce'],
] as const;

export default function RateTerms() {
  const { products, error } = useProducts();
  return (
    <Prose title="Rates and fees" intro="All charges, before you apply. Your agreement states the exact figures for your loan.">
      {error && <p className="notice">Our current rates could not be loaded. Please try again in a moment.</p>}
      {!products && !error && <p className="muted">Loading our current rates…</p>}
      {products && (
        // Scrolls sideways on a phone: focusable, so a keyboard can scroll it too (axe scrollable-region-focusable).
        <div className="table-scroll" tabIndex={0} role="region" aria-label="Key facts">
          <table className="schedule">
            <caption>Key facts</caption>
            <thead>
              <tr>
                <th scope="col" />
                {products.map((p) => (
                  <th scope="col" key={p.id}>
                    {p.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {ROWS.map(([label, key]) => (
                <tr key={key}>
                  <th scope="row">{label}</th>
                  {products.map((p) => (
                    <td key={p.id}>{facts(p)[key]}</td>
                  ))}
                </tr>
              ))}
              <tr>
                <th scope="row">Early repayment</th>
                {products.map((p) => (
                  <td key={p.id}>free</td>
                ))}
              </tr>
            </tbody>
          </table>
        </div>
      )}
      <h2>How the EMI is worked out</h2>
      <p>
        With a monthly rate r (the yearly rate divided by 1,200) and n months, the EMI is P × r × (1 + r)ⁿ ÷ ((1 + r)ⁿ − 1), rounded to the
        paisa. Each month's interest is the outstanding balance times r; the rest of the EMI repays principal, and the last instalment
        absorbs the rounding so that you repay exactly what you borrowed.
      </p>
    </Prose>
  );
}
