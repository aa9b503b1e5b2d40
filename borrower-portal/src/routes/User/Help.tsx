import { Link, useSearchParams } from 'react-router';
import { ExternalLink } from '@lending/web-common/react';
import { formatDateTime } from '@lending/web-common/format';
import { listIssues } from '../../api/issues';
import { Loading } from '../../components/Loading';
import { useAsync } from '../../components/useAsync';
import { EXTERNAL_URLS } from '../../external-urls';
import { IssueBadge } from './help-issues/IssueBadge';
import { IssueThread } from './help-issues/IssueThread';
import { RaiseIssueForm } from './help-issues/RaiseIssueForm';

const FAQ: [string, string][] = [
  [
    'How long does a decision take?',
    'Usually one working day after you submit. You can follow each step on the loan’s page, with its date.',
  ],
  [
    'Does applying affect my credit score?',
    'No. We run a soft credit check, which lenders cannot see and which does not change your score.',
  ],
  [
    'Can I change the amount after applying?',
    'Yes, until you submit: open the application and change the amount or the number of months. After you submit, cancel and apply again.',
  ],
  [
    'How do I sign the agreement?',
    'When your agreement is ready, the loan shows “Review and sign”. Read or download it, then sign it online. The money is sent after a final check.',
  ],
  ['Can I cancel?', 'Yes, at any time before the money is sent, from the loan’s page. Tell us why so we can improve; there is no charge.'],
  [
    'I was signed out with “Someone else logged in!”',
    'Your account can be open on one device at a time. If it was not you, sign in again and change your password from Forgot password.',
  ],
  ['When are my repayments due?', 'On the dates in your repayment schedule, shown on the loan’s page once the money is sent.'],
];

/** The borrower's issues: the list, one open issue (`?issue=<id>`, the link of the reply email), and the form. */
function MyIssues() {
  const [params, setParams] = useSearchParams();
  const open = params.get('issue');
  const issues = useAsync((signal) => listIssues(signal), [open]);
  const show = (id: string | null) => setParams(id ? { issue: id } : {});
  if (open) return <IssueThread id={open} />;
  return (
    <>
      <section className="card" aria-labelledby="my-issues">
        <h2 id="my-issues">Your issues</h2>
        {issues.error ? (
          <p className="form-alert" role="alert">
            {issues.error.message}
          </p>
        ) : !issues.data ? (
          <Loading />
        ) : issues.data.length === 0 ? (
          <p className="muted">You have not raised any issue. Use the form below and we will reply by email and here.</p>
        ) : (
          <ul className="issue-list">
            {issues.data.map((i) => (
              <li key={i.id}>
                <button type="button" className="issue-list__open" onClick={() => show(i.id)}>
                  <span className="issue-list__title">
                    #{i.number} {i.categoryLabel}
                  </span>
                  <span className="issue-list__text">{i.message}</span>
                  <span className="muted">Raised {formatDateTime(i.createdAt)}</span>
                </button>
                <IssueBadge status={i.status} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <RaiseIssueForm onRaised={(issue) => show(issue.id)} />
    </>
  );
}

export default function Help() {
  return (
    <>
      <h1>Help</h1>
      <MyIssues />
      <section className="card">
        <h2>Talk to us</h2>
        <p>
          Email{' '}
          <ExternalLink href="mailto:support@openlending.in" allow={EXTERNAL_URLS}>
            support@openlending.in
          </ExternalLink>{' '}
          from the address on your account, or call{' '}
          <ExternalLink href="tel:+918000000000" allow={EXTERNAL_URLS}>
            +91 80000 00000
          </ExternalLink>{' '}
          (Monday to Saturday, 9:30 am to 6:30 pm IST). Mention your loan number: the first eight characters shown on the loan.
        </p>
      </section>
      <section className="faq" aria-labelledby="faq">
        <h2 id="faq">Frequently asked questions</h2>
        {FAQ.map(([q, a]) => (
          <details key={q}>
            <summary>{q}</summary>
            <p>{a}</p>
          </details>
        ))}
      </section>
      <p>
        Still stuck? See <Link to="/Contact-us">all the ways to reach us</Link>.
      </p>
    </>
  );
}
