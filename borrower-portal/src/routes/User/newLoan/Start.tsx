import { useCallback, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { listLoans, startLoan } from '../../../api/loans';
import { formatMoney, parseAmount } from '@lending/web-common/format';
import type { CalculatorValue } from '../../../components/EmiCalculator';
import { EmiTermsCalculator } from '../../../components/EmiTermsCalculator';
import { newKey } from '../../../components/newKey';
import { useAsync } from '../../../components/useAsync';
import { NEW_LOAN_SEGMENT, PRODUCTS } from '../../../lending/products';
import { resumePath } from '../../../lending/steps';
import { useToast } from '../../../shell/Toasts';
import { FormAlert, useSubmit } from '../../Auth/forms';
import { useFlowType } from './flow';

/** The start page: choose the amount (and tenure) with the calculator, then create the application. */
export default function Start() {
  const type = useFlowType();
  const product = PRODUCTS[type];
  const navigate = useNavigate();
  const toast = useToast();
  const { errors, busy, run } = useSubmit();
  const [value, setValue] = useState<CalculatorValue>({ principal: 10_000_000, annualRatePercent: product.annualRatePercent, months: 12 });
  const [advanceText, setAdvanceText] = useState('25000');
  const onChange = useCallback((v: CalculatorValue) => setValue(v), []);
  const attempt = useRef<{ fingerprint: string; key: string } | null>(null);
  const existing = useAsync((signal) => listLoans(signal), []);
  const inProgress = existing.data?.find((l) => l.type === type && l.state === 'new');

  const amount = type === 'EMI' ? value.principal : parseAmount(advanceText, 'INR');
  const tenureMonths = type === 'EMI' ? value.months : undefined;

  const start = async () => {
    if (amount === null || (type === 'EMI' && tenureMonths === null)) return errors.set({ amount: 'Enter the amount you need' });
    const body = { type, amount, ...(tenureMonths ? { tenureMonths } : {}) };
    const fingerprint = JSON.stringify(body);
    // Retrying the same request reuses its key (no second loan); another amount is another action.
    if (attempt.current?.fingerprint !== fingerprint) attempt.current = { fingerprint, key: newKey() };
    const key = attempt.current.key;
    await run(async () => {
      const loan = await startLoan(body, key);
      toast.success('Your application is started.');
      navigate(`/User/newLoan/${NEW_LOAN_SEGMENT[type]}/${loan.id}/Step0`);
    });
  };

  const fieldMessage = errors.fields.amount ?? errors.fields.tenureMonths;
  return (
    <div className="flow">
      <p className="eyebrow">{product.label}</p>
      <h1>{type === 'EMI' ? 'How much would you like to borrow?' : 'How much of your salary do you need now?'}</h1>
      {inProgress && (
        <p className="notice">
          You already have an application in progress for {formatMoney(inProgress.amount, inProgress.currency)}. <Link to={resumePath(inProgress)}>Continue it</Link> or start a new one below.
        </p>
      )}
      {type === 'EMI' ? (
        <EmiTermsCalculator principal={10_000_000} months={12} onChange={onChange} />
      ) : (
        <SalaryAdvanceAmount text={advanceText} onText={setAdvanceText} />
      )}
      <FormAlert message={fieldMessage ? `${errors.form ?? ''} ${fieldMessage}`.trim() : errors.form} />
      <div className="actions">
        <button type="button" className="button button--primary" disabled={busy} onClick={() => void start()}>
          {busy ? 'Starting…' : 'Start my application'}
        </button>
        <span className="muted small">
          Processing fee {product.feePercent}% of the amount{type === 'EMI' ? `, interest ${product.annualRatePercent}% a year` : ', no interest'}.
        </span>
      </div>
    </div>
  );
}

function SalaryAdvanceAmount({ text, onText }: { text: string; onText(text: string): void }) {
  const product = PRODUCTS.salaryAdvance;
  const amount = parseAmount(text, 'INR');
  const fee = amount === null ? null : Math.round((amount * product.feePercent) / 100);
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
            step={product.step / 100}
            value={amount ? amount / 100 : product.minAmount / 100}
            onChange={(e) => onText(e.target.value)}
          />
          <p className="field__hint">
            {formatMoney(product.minAmount, 'INR', { whole: true })} to {formatMoney(product.maxAmount, 'INR', { whole: true })}
          </p>
        </div>
      </div>
      {amount !== null && fee !== null && (
        <dl className="figures calculator__result">
          <div>
            <dt>Flat fee ({product.feePercent}%)</dt>
            <dd>{formatMoney(fee, 'INR')}</dd>
          </div>
          <div>
            <dt>You repay on payday</dt>
            <dd>{formatMoney(amount + fee, 'INR')}</dd>
          </div>
        </dl>
      )}
    </div>
  );
}
