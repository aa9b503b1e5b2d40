import { Link } from 'react-router';
import { listLoans } from '../../../api/loans';
import { Loading } from '../../../components/Loading';
import { useAsync } from '../../../components/useAsync';
import { ErrorView } from '../../../shell/ErrorView';
import { LoanSummary } from '../Dashboard';

export default function LoanList() {
  const loans = useAsync((signal) => listLoans(signal), []);
  if (loans.error) return <ErrorView status={loans.error.status} detail={loans.error.message} />;
  return (
    <>
      <div className="page-head">
        <h1>My loans</h1>
        <Link className="button button--primary" to="/User/newLoan/Emi">
          Apply for a loan
        </Link>
      </div>
      {!loans.data ? (
        <Loading />
      ) : loans.data.length === 0 ? (
        <p className="card">
          You have no loans yet. <Link to="/User/newLoan/Emi">Apply for a personal loan</Link> or a{' '}
          <Link to="/User/newLoan/salaryAdvance">salary advance</Link>.
        </p>
      ) : (
        <ul className="loan-list card">
          {loans.data.map((loan) => (
            <li key={loan.id}>
              <LoanSummary loan={loan} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
