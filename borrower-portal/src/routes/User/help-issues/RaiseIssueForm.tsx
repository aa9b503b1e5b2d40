import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { listLoans } from '../../../api/loans';
import { ISSUE_CATEGORIES, raiseIssue, type MyIssue } from '../../../api/issues';
import { listDocuments } from '../../../api/profile';
import { useAsync } from '../../../components/useAsync';
import { FormAlert, useSubmit } from '../../Auth/forms';
import { formatDate } from '@lending/web-common/format';

const KIND_LABELS: Record<string, string> = {
  identityProof: 'Identity proof',
  addressProof: 'Address proof',
  salarySlip: 'Salary slip',
  bankStatement: 'Bank statement',
  selfie: 'Selfie',
};

/** Raise an issue: what it is about, optionally which loan, the message, and any of the borrower's uploads. */
export function RaiseIssueForm({ onRaised }: { onRaised: (issue: MyIssue) => void }) {
  const { errors, busy, run } = useSubmit();
  const loans = useAsync((signal) => listLoans(signal), []);
  const documents = useAsync((signal) => listDocuments(signal), []);
  const [message, setMessage] = useState('');
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const loanId = String(form.get('loanId') ?? '');
    await run(async () => {
      const issue = await raiseIssue({
        category: String(form.get('category')) as MyIssue['category'],
        loanId: loanId === '' ? null : loanId,
        message,
        attachmentIds: form.getAll('attachmentIds').map(String),
      });
      setMessage('');
      onRaised(issue);
    });
  };
  return (
    <form className="card issue-form" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="raise-issue">
      <h2 id="raise-issue">Raise an issue</h2>
      <FormAlert message={errors.form} />
      <div className="field">
        <label htmlFor="field-category">What is it about?</label>
        <select id="field-category" name="category" defaultValue="repayment" aria-invalid={!!errors.fields.category}>
          {ISSUE_CATEGORIES.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
        {errors.fields.category ? <p className="field__error">{errors.fields.category}</p> : null}
      </div>
      <div className="field">
        <label htmlFor="field-loanId">Which loan? (optional)</label>
        <select id="field-loanId" name="loanId" defaultValue="" aria-invalid={!!errors.fields.loanId}>
          <option value="">Not about a loan</option>
          {(loans.data ?? []).map((l) => (
            <option key={l.id} value={l.id}>
              {l.type === 'EMI' ? 'EMI loan' : 'Salary advance'} {l.id.slice(0, 8).toUpperCase()}
            </option>
          ))}
        </select>
        {errors.fields.loanId ? <p className="field__error">{errors.fields.loanId}</p> : null}
      </div>
      <div className="field">
        <label htmlFor="field-message">Your message</label>
        <textarea
          id="field-message"
          name="message"
          rows={5}
          maxLength={4000}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          aria-invalid={!!errors.fields.message}
          aria-describedby={errors.fields.message ? 'field-message-msg' : undefined}
        />
        {errors.fields.message ? (
          <p id="field-message-msg" className="field__error">
            {errors.fields.message}
          </p>
        ) : null}
      </div>
      <fieldset className="field issue-form__attachments">
        <legend>Attach documents (optional)</legend>
        {(documents.data ?? []).length === 0 ? (
          <p className="field__hint">
            You have no uploads yet. Add them in <Link to="/User/Profile/Documents">your documents</Link>, then attach them here.
          </p>
        ) : (
          (documents.data ?? []).map((d) => (
            <label key={d.id} className="check">
              <input type="checkbox" name="attachmentIds" value={d.id} /> {KIND_LABELS[d.kind] ?? d.kind}, uploaded{' '}
              {formatDate(d.createdAt)}
            </label>
          ))
        )}
        {errors.fields.attachmentIds ? <p className="field__error">{errors.fields.attachmentIds}</p> : null}
      </fieldset>
      <button className="button button--primary" type="submit" disabled={busy}>
        Send
      </button>
    </form>
  );
}
