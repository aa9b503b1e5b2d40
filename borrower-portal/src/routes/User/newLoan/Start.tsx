import { useCallback, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { listLoans, startLoan } from '../../../api/loans';
import { formatMoney, parseAmount } from '@lending/web-common/format';
import type { CalculatorValue } from '../../../components/EmiCalculator';
import { EmiTermsCalculator } from '../../../components/EmiTermsCalculator';
import { newKey } from '../../../components/newKey';
import { useAsync } from '../../../components/useAsync';
import { amountStep, NEW_LOAN_SEGMENT, suggestedAmount, suggestedMonths, useProducts, type Product } from '../../../lending/products';
import { resumePath } from '../../../lending/steps';
import { useToast } from '../../../shell/Toasts';
import { FormAlert, useSubmit } from '../../Auth/forms';
import { useFlowType } from './flow';

/** The start page: choose the product (when more than one of the type is open), the amount and tenure, then apply. */
export default function Start() {
  const type = useFlowType();
  const { products, error } = useProducts();
  const offered = products?.filter((p) => p.type === type) ?? [];
  const [chosenId, setChosenId] = useState<string | null>(null);
  const product = offered.find((p) => p.id === chosenId) ?? offered[0];
  if (error) return <FormAlert message={`Our loan products could not be loaded: ${error.message}`} />;
  if (!products) return <p className="muted">Loading our loan products…</p>;
  if (!product) {
    return (
      <div className="flow">
        <h1>Not available at the moment</h1>
        <p className="lead">
          {type === 'EMI' ? 'Personal loans are' : 'Salary advances are'} not open for applications right now. Please come back later.
        </p>
      </div>
    );
  }
  const choice = offered.length > 1 ? <ProductChoice products={offered} value={product.id} onChange={setChosenId} /> : null;
  return <StartProduct key={product.id} type={type} product={product} choice={choice} />;
}

function ProductChoice({ products, value, onChange }: { products: Product[]; value: string; onChange(id: string): void }) {
  return (
    <fieldset className="product-choice">
      <legend>Choose a product</legend>
      {products.map((p) => (
        <label key={p.id} className="check">
          <input type="radio" name="product" value={p.id} checked={p.id === value} onChange={() => onChange(p.id)} /> {p.name}
        </label>
      ))}
    </fieldset>
  );
}

function StartProduct({ type, product, choice }: { type: 'EMI' | 'salaryAdvance'; product: Product; choice: ReactNode }) {
  const navigate = useNavigate();
  const toast = useToast();
  const { errors, busy, run } = useSubmit();
  const [value, setValue] = useState<CalculatorValue>({
    principal: suggestedAmount(product),
    annualRatePercent: product.annualRatePercent,
    months: suggestedMonths(product),
  });
  const [advanceText, setAdvanceText] = useState(String(suggestedAmount(product) / 100));
  const onChange = useCallback((v: CalculatorValue) => setValue(v), []);
  const attempt = useRef<{ fingerprint: string; key: string } | null>(null);
  const existing = useAsync((signal) => listLoans(signal), []);
  const inProgress = existing.data?.find((l) => l.type === type && l.state === 'new');

  const amount = type === 'EMI' ? value.principal : parseAmount(advanceText, product.currency);
  const tenureMonths = type === 'EMI' ? value.months : undefined;

  const start = async () => {
    if (amount === null || (type === 'EMI' && tenureMonths === null)) return errors.set({ amount: 'Enter the amount you need' });
    const body = { type, amount, ...(tenureMonths ? { tenureMonths } : {}), productId: product.id };
    const fingerprint = JSON.stringify(body);
    // Retrying the same request reuses its key (no second loan); another amount is another action.
    if (attempt.current?.fingerprint !== fingerprint) attempt.current = { fingerprint, key: newKey() };
    const key = attempt.current.key;
    await run(async () => {
      const loan = await startLoan(body, key);
      toast.success('Your application is started.');
      void navigate(`/User/newLoan/${NEW_LOAN_SEGMENT[type]}/${loan.id}/Step0`);
    });
  };

  const fieldMessage = errors.fields.amount ?? errors.fields.tenureMonths;
  return (
    <div className="flow">
      {choice}
      <p className="eyebrow">{product.name}</p>
      <h1>{type === 'EMI' ? 'How much would you like to borrow?' : 'How much of your salary do you need now?'}</h1>
      {inProgress && (
        <p className="notice">
          You already have an application in progress for {formatMoney(inProgress.amount, inProgress.currency)}.{' '}
          <Link to={resumePath(inProgress)}>Continue it</Link> or start a new one below.
        </p>
      )}
      {type === 'EMI' ? (
        <EmiTermsCalculator product={product} principal={suggestedAmount(product)} months={suggestedMonths(product)} onChange={onChange} />
      ) : (
        <SalaryAdvanceAmount product={product} text={advanceText} onText={setAdvanceText} />
      )}
      <FormAlert message={fieldMessage ? `${errors.form ?? ''} ${fieldMessage}`.trim() : errors.form} />
      <div className="actions">
        <button type="button" className="button button--primary" disabled={busy} onClick={() => void start()}>
          {busy ? 'Starting…' : 'Start my application'}
        </button>
        <span className="muted small">
          {type === 'EMI'
            ? `Processing fee ${product.processingFeePercent}% of the amount, interest ${product.annualRatePercent}% a year.`
            : `Flat fee ${product.processingFeePercent}% of the amount, no interest.`}
        </span>
      </div>
    </div>
  );
}

function SalaryAdvanceAmount({ product, text, onText }: { product: Product; text: string; onText(text: string): void }) {
  const amount = parseAmount(text, product.currency);
  // An estimate for the page: the server's figure (rounded half to even) is the one on the application.
  const fee = amount === null ? null : Math.round((amount * product.processingFeePercent) / 100);
  const step = amountStep(product);
  return (
    <div className="calculator">
      <div className="calculator__inputs">
        <div className="field">
          <label htmlFor="advance-amount">Amount (₹)</label>
          <input id="advance-amount" inputMode="decimal" value={text} onChange={(e) => onText(e.target.value)} />
          <input
            type="range"
            aria-label="Amount slider"
            min={product.minAmount / 100}
            max={product.maxAmount / 100}
            step={step / 100}
            value={amount ? amount / 100 : product.minAmount / 100}
            onChange={(e) => onText(e.target.value)}
          />
          <p className="field__hint">
            {formatMoney(product.minAmount, product.currency, { whole: true })} to{' '}
            {formatMoney(product.maxAmount, product.currency, { whole: true })}
          </p>
        </div>
      </div>
      {amount !== null && fee !== null && (
        <dl className="figures calculator__result">
          <div>
            <dt>Flat fee ({product.processingFeePercent}%)</dt>
            <dd>{formatMoney(fee, product.currency)}</dd>
          </div>
          <div>
            <dt>You repay on payday</dt>
            <dd>{formatMoney(amount + fee, product.currency)}</dd>
          </div>
        </dl>
      )}
    </div>
  );
}
