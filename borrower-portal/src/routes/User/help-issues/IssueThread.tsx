import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { formatDateTime, plural } from '@lending/web-common/format';
import { getIssue, replyToIssue } from '../../../api/issues';
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
