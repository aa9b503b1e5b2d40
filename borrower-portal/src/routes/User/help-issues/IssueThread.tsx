import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { formatDateTime, plural } from '@lending/web-common/format';
import { getIssue, replyToIssue, type MyIssue } from '../../../api/issues';
import { Loading } from '../../../components/Loading';
import { useAsync } from '../../../components/useAsync';
import { ErrorView } from '../../../shell/ErrorView';
import { FormAlert, useSubmit } from '../../Auth/forms';
import { IssueBadge } from './IssueBadge';

/** One issue: the borrower's message, the replies (never staff's internal notes), and a box to add to it. */
export function IssueThread({ id }: { id: string }) {
  const issue = useAsync((signal) => getIssue(id, signal), [id]);
  const { errors, busy, run } = useSubmit();
  const [reply, setReply] = useState('');
  if (issue.error) return <ErrorView status={issue.error.status} detail={issue.error.message} />;
  if (!issue.data) return <Loading />;
  const i = issue.data;
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    await run(async () => {
      issue.setData(await replyToIssue(id, reply));
      setReply('');
    });
  };
  return (
    <section className="card issue-thread" aria-labelledby="issue-title">
      <div className="page-head">
        <h2 id="issue-title">
          Issue #{i.number}: {i.categoryLabel}
        </h2>
        <IssueBadge status={i.status} />
      </div>
      <p className="muted">
        Raised {formatDateTime(i.createdAt)}
        {i.loanId ? ` about loan ${i.loanId.slice(0, 8).toUpperCase()}` : ''}.
      </p>
      {i.grievance ? <GrievanceBox grievance={i.grievance} number={i.number} /> : null}
      <ol className="issue-thread__messages">
        <li className="issue-message issue-message--you">
          <p className="issue-message__who">You</p>
          <p className="issue-message__text">{i.message}</p>
        </li>
        {i.replies.map((r) => (
          <li key={r.id} className={`issue-message issue-message--${r.from}`}>
            <p className="issue-message__who">
              {r.from === 'you' ? 'You' : 'Support'} · {formatDateTime(r.createdAt)}
            </p>
            <p className="issue-message__text">{r.message}</p>
          </li>
        ))}
      </ol>
      {i.attachments.length > 0 ? <p className="muted">{plural(i.attachments.length, 'document')} attached.</p> : null}
      {i.status === 'closed' ? (
        <p className="muted">This issue is closed. Raise a new one if you still need help.</p>
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate>
          <FormAlert message={errors.form} />
          <div className="field">
            <label htmlFor="field-reply">Add a reply</label>
            <textarea
              id="field-reply"
              name="message"
              rows={3}
              maxLength={4000}
              value={reply}
              onChange={(e) => setReply(e.target.value)}
              aria-invalid={!!errors.fields.message}
            />
            {errors.fields.message ? <p className="field__error">{errors.fields.message}</p> : null}
          </div>
          <button className="button button--primary" type="submit" disabled={busy}>
            Send reply
          </button>
        </form>
      )}
      <p>
        <Link className="button button--ghost" to="/User/Help">
          Back to my issues
        </Link>
      </p>
    </section>
  );
}

/**
 * A complaint (RBI grievance redressal): who owns it (the grievance officer named in the KFS), when we must resolve
 * it by, and once 30 days passed unresolved, the RBI's complaint portal and how to use it.
 */
function GrievanceBox({ grievance, number }: { grievance: NonNullable<MyIssue['grievance']>; number: number }) {
  const { officer } = grievance;
  return (
    <div className="notice" role="note" aria-labelledby="grievance-title">
      <h3 id="grievance-title">Your complaint</h3>
      <p>
        Our grievance redressal officer, {officer.name} ({officer.phone}, <a href={`mailto:${officer.email}`}>{officer.email}</a>), owns it.
        We resolve complaints within {grievance.slaDays} days: by {formatDateTime(grievance.dueAt)}.
      </p>
      {grievance.rbiPortal ? (
        <>
          <p>
            <strong>We did not resolve your complaint within {grievance.slaDays} days.</strong> You may complain to the Reserve Bank of
            India&apos;s Ombudsman at{' '}
            <a href={grievance.rbiPortal.url} target="_blank" rel="noreferrer">
              {grievance.rbiPortal.url}
            </a>
            :
          </p>
          <ol>
            {grievance.rbiPortal.steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
          <p className="muted">Quote our complaint number: #{number}.</p>
        </>
      ) : null}
    </div>
  );
}
