import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { amendLoan, type Loan } from '../../../api/loans';
import { formatMoney, parseAmount } from '@lending/web-common/format';
import type { CalculatorValue } from '../../../components/EmiCalculator';
import { EmiTermsCalculator } from '../../../components/EmiTermsCalculator';
import { defaultProduct, useProducts } from '../../../lending/products';
import { newLoanBase } from '../../../lending/steps';
import { FormAlert, useSubmit } from '../../Auth/forms';
import { CancelLoanButton } from '../Loans/CancelLoanButton';
import { LoanStep } from './flow';

/** Step 0: the loan's terms; amend the amount or tenure while the application is new. */
export default function Step0() {
  return <LoanStep step="Step0">{(loan, setLoan) => <Terms loan={loan} setLoan={setLoan} />}</LoanStep>;
}

function Terms({ loan, setLoan }: { loan: Loan; setLoan(loan: Loan): void }) {
  const navigate = useNavigate();
  const { errors, busy, run } = useSubmit();
  const [value, setValue] = useState<CalculatorValue>({
    principal: loan.amount,
    annualRatePercent: loan.annualRatePercent,
    months: loan.tenureMonths,
  });
  const [advanceText, setAdvanceText] = useState(String(loan.amount / 100));
  const onChange = useCallback((v: CalculatorValue) => setValue(v), []);
  // The sliders' bounds: the loan's product as it is offered now (the server holds the loan to the version it pinned).
  const { products } = useProducts();
  const product = products?.find((p) => p.id === loan.product?.id) ?? defaultProduct(products, loan.type);

  const save = async () => {
    const amount = loan.type === 'EMI' ? value.principal : parseAmount(advanceText, 'INR');
    if (amount === null) return errors.set({ amount: 'Enter the amount you need' });
    const patch = {
      ...(amount !== loan.amount ? { amount } : {}),
      ...(loan.type === 'EMI' && value.months !== null && value.months !== loan.tenureMonths ? { tenureMonths: value.months } : {}),
    };
    await run(async () => {
      if (Object.keys(patch).length > 0) setLoan(await amendLoan(loan.id, patch));
      void navigate(`${newLoanBase(loan.type, loan.id)}/Step1`);
    });
  };
  const fieldMessage = errors.fields.amount ?? errors.fields.tenureMonths;
  return (
    <>
      <h1>Your loan terms</h1>
      <p className="lead">
        {loan.type === 'EMI'
          ? 'Check the amount and the number of months. You can change them until you submit.'
          : 'Check the amount. You can change it until you submit.'}
      </p>
      {loan.type === 'EMI' ? (
        product ? (
          <EmiTermsCalculator
            product={product}
            principal={loan.amount}
            months={loan.tenureMonths}
            annualRatePercent={loan.annualRatePercent}
            onChange={onChange}
          />
        ) : (
          <p className="muted">Loading the product's bounds…</p>
        )
      ) : (
        <div className="field narrow">
          <label htmlFor="advance-amount">Amount (₹)</label>
          <input id="advance-amount" inputMode="decimal" value={advanceText} onChange={(e) => setAdvanceText(e.target.value)} />
        </div>
      )}
      <p className="muted">
        Processing fee on the current amount: {formatMoney(loan.fee, loan.currency)} (recalculated when you change the amount).
      </p>
      <FormAlert message={fieldMessage ?? errors.form} />
      <div className="actions">
        <button type="button" className="button button--primary" disabled={busy} onClick={() => void save()}>
          Save and continue
        </button>
        <CancelLoanButton loan={loan} onCancelled={(l) => void navigate(`/User/Loans/${l.id}`)} />
      </div>
    </>
  );
}
