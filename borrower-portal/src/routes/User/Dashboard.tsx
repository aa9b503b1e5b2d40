import { Link } from 'react-router';
import { getMe } from '../../api/auth';
import { listLoans, type Loan } from '../../api/loans';
import { formatDate, formatMoney } from '@lending/web-common/format';
import { Loading } from '../../components/Loading';
import { StateBadge } from '../../components/StateBadge';
import { useAsync } from '../../components/useAsync';
import { nextRepayment } from '../../lending/states';
import { resumePath } from '../../lending/steps';
import { ErrorView } from '../../shell/ErrorView';

const OPEN: Loan['state'][] = ['new', 'applied', 'soft.pending', 'bank.pending', 'consent.pending', 'consent.customerpending', 'final.pending', 'disbursal.pending'];

export default function Dashboard() {
  const me = useAsync((signal) => getMe(signal), []);
  const loans = useAsync((signal) => listLoans(signal), []);
  if (loans.error) return <ErrorView status={loans.error.status} detail={loans.error.message} />;
  const all = loans.data ?? [];
  const active = all.filter((l) => l.state === 'active');
  const inProgress = all.filter((l) => OPEN.includes(l.state));
  const upcoming = active
    .map((loan) => ({ loan, line: nextRepayment(loan) }))
    .filter((x) => x.line)
    .sort((a, b) => a.line!.dueDate.localeCompare(b.line!.dueDate))[0];

  return (
    <>
      <h1>{me.data ? `Welcome, ${me.data.user.name.split(' ')[0]}` : 'Your dashboard'}</h1>
      {loans.loading && !loans.data ? (
        <Loading />
      ) : (
        <div className="dashboard">
          <section className="card" aria-labelledby="next-repayment">
            <h2 id="next-repayment">Next repayment</h2>
            {upcoming ? (
              <>
                <p className="figure">{formatMoney(upcoming.line!.principal + upcoming.line!.interest, upcoming.loan.currency)}</p>
                <p>
                  due on <strong>{formatDate(upcoming.line!.dueDate)}</strong> (instalment {upcoming.line!.number} of {upcoming.loan.schedule!.length})
                </p>
                <Link to={`/User/Loans/${upcoming.loan.id}`}>See the schedule →</Link>
              </>
            ) : (
              <p className="muted">Nothing to repay yet. Once a loan is active, its next instalment shows here.</p>
            )}
          </section>
          <section className="card" aria-labelledby="apply">
            <h2 id="apply">Apply</h2>
            <p>Choose an amount, see your EMI, and apply in a few minutes.</p>
            <div className="actions">
              <Link className="button button--primary" to="/User/newLoan/Emi">
                Personal loan
              </Link>
              <Link className="button button--ghost" to="/User/newLoan/salaryAdvance">
                Salary advance
              </Link>
            </div>
          </section>
          <section className="card card--wide" aria-labelledby="my-loans">
            <h2 id="my-loans">My loans</h2>
            {all.length === 0 ? (
              <p className="muted">You have no loans yet.</p>
            ) : (
              <ul className="loan-list">
                {[...inProgress, ...active, ...all.filter((l) => !OPEN.includes(l.state) && l.state !== 'active')].slice(0, 6).map((loan) => (
                  <li key={loan.id}>
                    <LoanSummary loan={loan} />
                  </li>
                ))}
              </ul>
            )}
            <Link to="/User/Loans">All my loans →</Link>
          </section>
        </div>
      )}
    </>
  );
}

export function LoanSummary({ loan }: { loan: Loan }) {
  const needsMe = loan.state === 'new' || loan.state === 'consent.customerpending';
  return (
    <div className="loan-summary">
      <div>
        <Link className="loan-summary__title" to={`/User/Loans/${loan.id}`}>
          {loan.type === 'EMI' ? 'Personal loan' : 'Salary advance'} of {formatMoney(loan.principal, loan.currency, { whole: loan.principal % 100 === 0 })}
        </Link>
        <p className="muted small">
          {loan.type === 'EMI' ? `${loan.tenureMonths} months · ` : ''}started {formatDate(loan.createdAt)} · no. {loan.id.slice(0, 8).toUpperCase()}
        </p>
      </div>
      <div className="loan-summary__state">
        <StateBadge state={loan.state} />
        {needsMe && (
          <Link className="button button--primary button--small" to={resumePath(loan)}>
            {loan.state === 'new' ? 'Continue application' : 'Review and sign'}
          </Link>
        )}
      </div>
    </div>
  );
}
