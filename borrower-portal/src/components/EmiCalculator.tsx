import { useEffect, useId, useState } from 'react';
import { formatMoney, parseAmount } from '@lending/web-common/format';
import { emiInputMessages, emiInputsValid } from '../lending/emi-inputs';
import { Schedule } from './Schedule';
import { useEmiQuote } from './useEmiQuote';

export type CalculatorValue = { principal: number | null; annualRatePercent: number | null; months: number | null };

type Props = {
  /** The figures shown first; a rate of null leaves the field for the user (when the products could not be loaded). */
  initial: { principal: number; annualRatePercent: number | null; months: number };
  /** The rate is the product's and cannot be changed (the application flow). */
  fixedRate?: number;
  amountRange?: { min: number; max: number; step: number };
  tenureRange?: { min: number; max: number };
  showSchedule?: boolean;
  onChange?(value: CalculatorValue): void;
};

/** Amount, rate and tenure in; EMI, total interest and the schedule out, from the API as the user types. */
export function EmiCalculator({ initial, fixedRate, amountRange, tenureRange, showSchedule = true, onChange }: Props) {
  const ids = { amount: useId(), rate: useId(), months: useId() };
  const [amountText, setAmountText] = useState(String(initial.principal / 100));
  const [rateText, setRateText] = useState(String(fixedRate ?? initial.annualRatePercent ?? ''));
  const [monthsText, setMonthsText] = useState(String(initial.months));

  const principal = parseAmount(amountText, 'INR');
  const rate = rateText.trim() === '' || Number.isNaN(Number(rateText)) ? null : Number(rateText);
  const months = /^\d+$/.test(monthsText.trim()) ? Number(monthsText) : null;

  const local = emiInputMessages(
    { principal, annualRatePercent: rate, months },
    amountRange && tenureRange ? { amount: amountRange, months: tenureRange } : null,
  );
  const valid = emiInputsValid(local);
  const { quote, error, loading } = useEmiQuote(
    valid ? { principal, annualRatePercent: rate, months } : { principal: null, annualRatePercent: null, months: null },
  );
  const serverFields = error?.fieldMessages ?? {};
  const message = (name: keyof typeof local) => local[name] ?? serverFields[name] ?? null;
  // Figures that cannot be used show no EMI: never the answer for figures no longer on screen.
  const shown = valid ? quote : null;

  useEffect(() => {
    onChange?.({ principal, annualRatePercent: rate, months });
  }, [principal, rate, months, onChange]);

  return (
    <div className="calculator">
      <div className="calculator__inputs">
        <div className="field">
          <label htmlFor={ids.amount}>Loan amount (₹)</label>
          <input
            id={ids.amount}
            inputMode="decimal"
            autoComplete="off"
            value={amountText}
            onChange={(e) => setAmountText(e.target.value)}
            aria-invalid={!!message('principal')}
            aria-describedby={`${ids.amount}-msg`}
          />
          {amountRange && (
            <input
              type="range"
              aria-label="Loan amount slider"
              min={amountRange.min / 100}
              max={amountRange.max / 100}
              step={amountRange.step / 100}
              value={principal ? principal / 100 : amountRange.min / 100}
              onChange={(e) => setAmountText(e.target.value)}
            />
          )}
          <FieldMessage
            id={`${ids.amount}-msg`}
            text={message('principal')}
            hint={
              amountRange
                ? `${formatMoney(amountRange.min, 'INR', { whole: true })} to ${formatMoney(amountRange.max, 'INR', { whole: true })}`
                : undefined
            }
          />
        </div>
        <div className="field">
          <label htmlFor={ids.rate}>Interest rate (% a year)</label>
          <input
            id={ids.rate}
            inputMode="decimal"
            autoComplete="off"
            value={rateText}
            readOnly={fixedRate !== undefined}
            onChange={(e) => setRateText(e.target.value)}
            aria-invalid={!!message('annualRatePercent')}
            aria-describedby={`${ids.rate}-msg`}
          />
          <FieldMessage
            id={`${ids.rate}-msg`}
            text={message('annualRatePercent')}
            hint={fixedRate !== undefined ? 'Fixed for this product, reducing balance' : 'Reducing balance'}
          />
        </div>
        <div className="field">
          <label htmlFor={ids.months}>Tenure (months)</label>
          <input
            id={ids.months}
            inputMode="numeric"
            autoComplete="off"
            value={monthsText}
            onChange={(e) => setMonthsText(e.target.value)}
            aria-invalid={!!message('months')}
            aria-describedby={`${ids.months}-msg`}
          />
          {tenureRange && (
            <input
              type="range"
              aria-label="Tenure slider"
              min={tenureRange.min}
              max={tenureRange.max}
              step={1}
              value={months ?? tenureRange.min}
              onChange={(e) => setMonthsText(e.target.value)}
            />
          )}
          <FieldMessage
            id={`${ids.months}-msg`}
            text={message('months')}
            hint={tenureRange ? `${tenureRange.min} to ${tenureRange.max} months` : undefined}
          />
        </div>
      </div>
      <div className="calculator__result" aria-live="polite" aria-busy={loading}>
        {shown ? (
          <dl className="figures">
            <div>
              <dt>Monthly EMI</dt>
              <dd data-testid="emi">{formatMoney(shown.emi, 'INR')}</dd>
            </div>
            <div>
              <dt>Total interest</dt>
              <dd data-testid="total-interest">{formatMoney(shown.totalInterest, 'INR')}</dd>
            </div>
            <div>
              <dt>Total payable</dt>
              <dd data-testid="total-payable">{formatMoney(shown.totalPayable, 'INR')}</dd>
            </div>
          </dl>
        ) : (
          <p className="muted">
            {!valid
              ? 'Your EMI appears here when the amount, rate and tenure above are filled in correctly.'
              : error && !error.problem.fields
                ? error.message
                : 'Your EMI appears here.'}
          </p>
        )}
      </div>
      {showSchedule && shown && (
        <Schedule lines={shown.schedule} caption={`Repayment schedule: ${shown.schedule.length} monthly instalments`} />
      )}
    </div>
  );
}

function FieldMessage({ id, text, hint }: { id: string; text: string | null; hint?: string }) {
  if (text)
    return (
      <p id={id} className="field__error">
        {text}
      </p>
    );
  return hint ? (
    <p id={id} className="field__hint">
      {hint}
    </p>
  ) : null;
}
