import { Link } from 'react-router';
import { formatMoney } from '@lending/web-common/format';
import { ApplyLink } from '../../components/ApplyLink';
import { Banners } from '../../components/Banners';
import { defaultProduct, useProducts, type Product } from '../../lending/products';

const range = (p: Product) =>
  `${formatMoney(p.minAmount, p.currency, { whole: true })} to ${formatMoney(p.maxAmount, p.currency, { whole: true })}`;

/** The home page: the current offer (the default products' terms), how it works, and a way into the calculator. */
export function Home() {
  const { products } = useProducts();
  const emi = defaultProduct(products, 'EMI');
  const advance = defaultProduct(products, 'salaryAdvance');
  return (
    <>
      <section className="hero">
        <div className="container hero__grid">
          <div>
            <p className="eyebrow">{emi ? `Personal loans from ${range(emi)}` : 'Personal loans'}</p>
            <h1>Borrow for what matters, repay in fixed monthly EMIs</h1>
            <p className="lead">
              Apply online in about ten minutes.{' '}
              {emi
                ? `${emi.annualRatePercent}% a year on a reducing balance, a one-time processing fee of ${emi.processingFeePercent}%, and no charge for repaying early.`
                : 'Interest on a reducing balance and no charge for repaying early.'}{' '}
              You see every instalment before you sign.
            </p>
            <div className="actions">
              <ApplyLink className="button button--primary">Apply for a personal loan</ApplyLink>
              <Link className="button button--ghost" to="/EmiCalculator">
                Calculate your EMI
              </Link>
            </div>
          </div>
          <aside className="offer-card" aria-label="Current offer" aria-busy={!emi}>
            <p className="offer-card__label">Current offer</p>
            <p className="offer-card__rate">
              {emi ? (
                <>
                  {emi.annualRatePercent}% <span>a year</span>
                </>
              ) : (
                <span>…</span>
              )}
            </p>
            <ul>
              {emi && (
                <li>
                  {emi.minTenureMonths} to {emi.maxTenureMonths} months to repay
                </li>
              )}
              <li>Decision after a soft credit check, no effect on your score</li>
              <li>Money in your bank account the day you are approved</li>
            </ul>
          </aside>
        </div>
      </section>

      <div className="container">
        <Banners audience="home" />
      </div>

      <section className="container section" aria-labelledby="how-it-works">
        <h2 id="how-it-works">How it works</h2>
        <ol className="steps">
          <li>
            <h3>Choose your amount</h3>
            <p>Pick how much you need and over how many months. The calculator shows your EMI and the full schedule.</p>
          </li>
          <li>
            <h3>Apply online</h3>
            <p>Create an account with your email and mobile number and confirm your details. No branch visit, no paperwork.</p>
          </li>
          <li>
            <h3>Get a decision</h3>
            <p>Our credit team checks your application and verifies your bank account, usually within one working day.</p>
          </li>
          <li>
            <h3>Sign and receive</h3>
            <p>Read the loan agreement, sign it online, and the money is sent to your bank account.</p>
          </li>
        </ol>
      </section>

      <section className="container section products" aria-label="Our loans">
        <article className="card">
          <h2>Personal loan</h2>
          <p>
            {emi
              ? `${range(emi)}, repaid in ${emi.minTenureMonths} to ${emi.maxTenureMonths} equal monthly instalments.`
              : 'Repaid in equal monthly instalments.'}{' '}
            For a wedding, a course, a medical bill or consolidating card debt.
          </p>
          <ApplyLink>Apply for a personal loan →</ApplyLink>
        </article>
        <article className="card">
          <h2>Salary advance</h2>
          <p>
            {advance
              ? `${range(advance)} until your next payday, for a flat fee of ${advance.processingFeePercent}% and no interest.`
              : 'Until your next payday, for a flat fee and no interest.'}{' '}
            Repaid in one go when your salary arrives.
          </p>
          <ApplyLink type="salaryAdvance">Apply for a salary advance →</ApplyLink>
        </article>
        <article className="card card--accent">
          <h2>What will my EMI be?</h2>
          <p>
            Try any amount, rate and tenure and see the monthly instalment, the total interest and each month's split between principal and
            interest.
          </p>
          <Link to="/EmiCalculator">Open the EMI calculator →</Link>
        </article>
      </section>
    </>
  );
}
