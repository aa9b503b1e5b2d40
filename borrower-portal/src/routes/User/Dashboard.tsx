import { Link } from 'react-router';
import { getMe } from '../../api/auth';
import { getLoan, listLoans, type Loan } from '../../api/loans';
import { businessDateOf, formatDate, formatMoney } from '@lending/web-common/format';
import { Banners } from '../../components/Banners';
import { Loading } from '../../components/Loading';
import { OverdueNotice } from '../../components/OverdueNotice';
import { PushNotificationsControl } from '../../push/PushNotificationsControl';
import { StateBadge } from '../../components/StateBadge';
import { useAsync } from '../../components/useAsync';
import { nextAmountDue } from '../../lending/next-due';
import { resumePath } from '../../lending/steps';
import { ErrorView } from '../../shell/ErrorView';

const OPEN: Loan['state'][] = [
  'new',
  'applied',
  'soft.pending',
  'bank.pending',
  'consent.pending',
  'consent.customerpending',
  'final.pending',
  'disbursal.pending',
];

/** Active loans with their instalments: the list may answer without them, then each active loan is read in full. */
async function withInstalments(loans: Loan[], signal: AbortSignal): Promise<Loan[]> {
  return Promise.all(
    loans.map((loan) => (loan.state === 'active' && !loan.instalments ? (getLoan(loan.id, signal) as Promise<Loan>) : loan)),
  );
}

export default function Dashboard() {
  const me = useAsync((signal) => getMe(signal), []);
  const loans = useAsync((signal) => listLoans(signal).then((all) => withInstalments(all, signal)), []);
  if (loans.error) return <ErrorView status={loans.error.status} detail={loans.error.message} />;
  const all = loans.data ?? [];
  const active = all.filter((l) => l.state === 'active');
  const inProgress = all.filter((l) => OPEN.includes(l.state));
  const upcoming = nextAmountDue(active, businessDateOf());

  return (
    <>
      <h1>{me.data ? `Welcome, ${me.data.user.name.split(' ')[0]}` : 'Your dashboard'}</h1>
      <Banners audience="dashboard" />
      {loans.loading && !loans.data ? (
        <Loading />
      ) : (
        <div className="dashboard">
          <section className="card" aria-labelledby="next-repayment">
            <h2 id="next-repayment">Next repayment</h2>
            {upcoming ? (
              <>
                <p className="figure" data-testid="next-amount-due">
                  {formatMoney(upcoming.due.amount, upcoming.loan.currency)}
                </p>
                <p>
                  {upcoming.due.late ? 'overdue since' : upcoming.due.fallenDue ? 'due today,' : 'due on'}{' '}
                  <strong>{formatDate(upcoming.due.dueDate)}</strong> (
                  {upcoming.due.numbers.length > 1
                    ? `instalments ${upcoming.due.numbers.join(', ')}`
                    : `instalment ${upcoming.due.numbers[0]}`}{' '}
                  of {upcoming.loan.instalments!.length})
                </p>
                <Link to={`/User/Loans/${upcoming.loan.id}`}>Pay or see the schedule →</Link>
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
          <PushNotificationsControl />
          <section className="card card--wide" aria-labelledby="my-loans">
            <h2 id="my-loans">My loans</h2>
            {all.length === 0 ? (
              <p className="muted">You have no loans yet.</p>
            ) : (
              <ul className="loan-list">
                {[...inProgress, ...active, ...all.filter((l) => !OPEN.includes(l.state) && l.state !== 'active')]
                  .slice(0, 6)
                  .map((loan) => (
                    <li key={loan.id}>
                      <LoanSummary loan={loan} />
                      <OverdueNotice loan={loan} />
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
          {loan.type === 'EMI' ? 'Personal loan' : 'Salary advance'} of{' '}
          {formatMoney(loan.principal, loan.currency, { whole: loan.principal % 100 === 0 })}
        </Link>
        <p className="muted small">
          {loan.type === 'EMI' ? `${loan.tenureMonths} months · ` : ''}started {formatDate(loan.createdAt)} · no.{' '}
          {loan.id.slice(0, 8).toUpperCase()}
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
