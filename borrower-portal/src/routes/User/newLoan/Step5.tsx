import { Link, NavLink, Outlet } from 'react-router';
import type { Loan } from '../../../api/loans';
import { formatDate, formatMoney } from '@lending/web-common/format';
import { newLoanBase } from '../../../lending/steps';
import { CancelLoanButton } from '../Loans/CancelLoanButton';
import { LoanStep } from './flow';

/** Step 5: the issued agreement's terms; read it inline (pdfDisplay) or download it (pdfDownload). */
export default function Step5() {
  return <LoanStep step="Step5">{(loan, setLoan) => <Agreement loan={loan} setLoan={setLoan} />}</LoanStep>;
}

function Agreement({ loan, setLoan }: { loan: Loan; setLoan(loan: Loan): void }) {
  const terms = loan.agreement!.terms;
  const base = `${newLoanBase(loan.type, loan.id)}/Step5`;
  return (
    <>
      <h1>Your loan agreement is ready</h1>
      <p className="lead">Issued on {formatDate(loan.agreement!.issuedAt)}. Read it before you sign; these are its key terms.</p>
      <section className="card" aria-labelledby="key-terms">
        <h2 id="key-terms">Key terms</h2>
        <dl className="facts facts--columns">
          <dt>Amount</dt>
          <dd>{formatMoney(terms.principal, terms.currency)}</dd>
          <dt>Interest</dt>
          <dd>{terms.annualRatePercent}% a year</dd>
          <dt>Tenure</dt>
          <dd>{terms.tenureMonths} months</dd>
          <dt>{loan.type === 'EMI' ? 'Monthly EMI' : 'Repayment'}</dt>
          <dd>{formatMoney(terms.instalmentAmount, terms.currency)}</dd>
          <dt>Processing fee</dt>
          <dd>{formatMoney(terms.fee, terms.currency)}</dd>
          <dt>Total interest</dt>
          <dd>{formatMoney(terms.totalInterest, terms.currency)}</dd>
          <dt>Total payable</dt>
          <dd>{formatMoney(terms.totalPayable, terms.currency)}</dd>
        </dl>
      </section>
      <nav className="tabs" aria-label="Agreement">
        <NavLink to={`${base}/pdfDisplay`}>Read the agreement</NavLink>
        <NavLink to={`${base}/pdfDownload`}>Download (PDF)</NavLink>
      </nav>
      <Outlet />
      <div className="actions">
        <Link className="button button--primary" to={`${newLoanBase(loan.type, loan.id)}/Step6`}>
          Continue to sign
        </Link>
        <CancelLoanButton loan={loan} onCancelled={setLoan} />
      </div>
    </>
  );
}
