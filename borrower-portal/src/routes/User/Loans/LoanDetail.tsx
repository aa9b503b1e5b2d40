import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { getLoan, getLoanHistory, type Loan, type TimelineEvent } from '../../../api/loans';
import { formatDate, formatMoney, plural } from '@lending/web-common/format';
import { Loading } from '../../../components/Loading';
import { Schedule } from '../../../components/Schedule';
import { StateBadge } from '../../../components/StateBadge';
import { useAsync } from '../../../components/useAsync';
import { downloadAgreement } from '../../../lending/agreement';
import { timeline } from '../../../lending/states';
import { resumePath } from '../../../lending/steps';
import { ErrorView } from '../../../shell/ErrorView';
import { useToast } from '../../../shell/Toasts';
import { AutoDebit } from './AutoDebit';
import { CancelLoanButton } from './CancelLoanButton';
import { Repayments } from './Repayments';
import { CoolingOffExit } from './CoolingOffExit';

/** A disbursed loan's instalments with what was paid on them; null before disbursal. */
const servicing = (loan: Loan) => (loan.instalments?.length ? loan.instalments : null);

export default function LoanDetail() {
  const { id = '' } = useParams();
  const loan = useAsync((signal) => getLoan(id, signal), [id]);
  // Refetched whenever the loan changes (a cancel here, say), so the timeline's dates follow.
  const history = useAsync((signal) => getLoanHistory(id, signal).catch((): TimelineEvent[] => []), [id, loan.data?.updatedAt]);
  if (loan.error) return <ErrorView status={loan.error.status} detail={loan.error.message} />;
  if (!loan.data) return <Loading />;
  return <LoanView loan={loan.data} history={history.data ?? []} onChange={loan.setData} />;
}

function LoanView({ loan, history, onChange }: { loan: Loan; history: TimelineEvent[]; onChange(loan: Loan): void }) {
  const toast = useToast();
  const [downloading, setDownloading] = useState(false);
  const terms = loan.agreement?.terms;
  const first = loan.schedule?.[0];
  const instalment = terms?.instalmentAmount ?? (first ? first.principal + first.interest : null);
  const download = async () => {
    setDownloading(true);
    try {
      toast.success(`Downloaded ${await downloadAgreement(loan.id)}`);
    } catch (error) {
      toast.error((error as Error).message);
    } finally {
      setDownloading(false);
    }
  };
  const next = resumePath(loan);
  return (
    <>
      <p className="breadcrumb">
        <Link to="/User/Loans">My loans</Link> / {loan.id.slice(0, 8).toUpperCase()}
      </p>
      <div className="page-head">
        <h1>
          {loan.type === 'EMI' ? 'Personal loan' : 'Salary advance'} of {formatMoney(loan.principal, loan.currency)}
        </h1>
        <StateBadge state={loan.state} />
      </div>
      <div className="loan-detail">
        <section className="card" aria-labelledby="terms">
          <h2 id="terms">Terms</h2>
          <dl className="facts">
            <dt>Amount requested</dt>
            <dd>{formatMoney(loan.amount, loan.currency)}</dd>
            {loan.approvedAmount !== null && (
              <>
                <dt>Amount approved</dt>
                <dd>{formatMoney(loan.approvedAmount, loan.currency)}</dd>
              </>
            )}
            <dt>{loan.type === 'EMI' ? 'Tenure' : 'Repaid'}</dt>
            <dd>
              {loan.type === 'EMI' ? plural(loan.tenureMonths, 'month') : `in one payment on day ${loan.payDayOfMonth ?? 1} of the month`}
            </dd>
            <dt>Interest</dt>
            <dd>{loan.annualRatePercent}% a year</dd>
            <dt>Fee</dt>
            <dd>{formatMoney(loan.fee, loan.currency)}</dd>
            {instalment !== null && (
              <>
                <dt>{loan.type === 'EMI' ? 'Monthly EMI' : 'Repayment'}</dt>
                <dd>{formatMoney(instalment, loan.currency)}</dd>
              </>
            )}
            {loan.disbursedOn && (
              <>
                <dt>Paid out on</dt>
                <dd>{formatDate(loan.disbursedOn)}</dd>
              </>
            )}
          </dl>
          <div className="actions">
            {next !== `/User/Loans/${loan.id}` && (loan.state === 'new' || loan.state === 'consent.customerpending') && (
              <Link className="button button--primary" to={next}>
                {loan.state === 'new' ? 'Continue application' : 'Review and sign the agreement'}
              </Link>
            )}
            {loan.agreement && (
              <button type="button" className="button button--ghost" disabled={downloading} onClick={() => void download()}>
                Download the agreement
              </button>
            )}
            <CancelLoanButton loan={loan} onCancelled={onChange} />
          </div>
          {loan.reason && <p className="muted">Reason: {loan.reason}</p>}
        </section>
        <section className="card" aria-labelledby="status">
          <h2 id="status">Status</h2>
          <ol className="timeline">
            {timeline(loan, history).map((entry) => (
              <li key={entry.label} className={`${entry.done ? 'is-done' : ''} ${entry.current ? 'is-current' : ''}`}>
                <span className="timeline__label">{entry.label}</span>
                {entry.at && <span className="timeline__date">{formatDate(entry.at)}</span>}
              </li>
            ))}
          </ol>
        </section>
      </div>
      {servicing(loan) ? <CoolingOffExit loan={loan} /> : null}
      <AutoDebit loan={loan} />
      {servicing(loan) ? (
        <Repayments loan={loan} instalments={servicing(loan)!} />
      ) : (
        loan.schedule && (
          <section className="section" aria-labelledby="schedule">
            <h2 id="schedule">Repayment schedule</h2>
            <Schedule
              lines={loan.schedule}
              currency={loan.currency}
              caption={`${plural(loan.schedule.length, 'instalment')}, fixed when the money was sent`}
            />
          </section>
        )
      )}
    </>
  );
}
