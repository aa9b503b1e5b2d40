import { Link, NavLink, Outlet } from 'react-router';
import { getKfs, type Loan } from '../../../api/loans';
import { KeyFactStatement } from '../../../components/KeyFactStatement';
import { useAsync } from '../../../components/useAsync';
import { formatDate, formatMoney } from '@lending/web-common/format';
import { newLoanBase } from '../../../lending/steps';
import { CancelLoanButton } from '../Loans/CancelLoanButton';
import { LoanStep } from './flow';

/**
 * Step 5: the issued agreement's Key Facts Statement (APR with every fee, schedule, cooling-off period, grievance
 * officer), then its terms; read it inline (pdfDisplay) or download it (pdfDownload).
 */
export default function Step5() {
  return <LoanStep step="Step5">{(loan, setLoan) => <Agreement loan={loan} setLoan={setLoan} />}</LoanStep>;
}

function Agreement({ loan, setLoan }: { loan: Loan; setLoan(loan: Loan): void }) {
  const terms = loan.agreement!.terms;
  const base = `${newLoanBase(loan.type, loan.id)}/Step5`;
  const kfs = useAsync((signal) => getKfs(loan.id, signal), [loan.id]);
  return (
    <>
      <h1>Your loan agreement is ready</h1>
      <p className="lead">
        Issued on {formatDate(loan.agreement!.issuedAt)}. Read its Key Facts Statement before you sign: it is also the first page of the
        agreement.
      </p>
      {kfs.data ? (
        <KeyFactStatement kfs={kfs.data} />
      ) : kfs.error ? (
        <p role="alert">{kfs.error.message}</p>
      ) : (
        <p className="muted">Loading the Key Facts Statement…</p>
      )}
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
