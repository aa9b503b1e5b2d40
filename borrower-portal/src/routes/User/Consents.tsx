import { formatDateTime } from '@lending/web-common/format';
import { listConsents, withdrawConsent, type Consent } from '../../api/consents';
import { Loading } from '../../components/Loading';
import { useAsync } from '../../components/useAsync';
import { useConfirm } from '../../shell/ConfirmDialog';
import { useToast } from '../../shell/Toasts';

/**
 * Your consents (DPDP Act, 2023; issue 33 item 5): each consent given, with its purpose in plain words, the version of
 * the text, when it was given, and Withdraw (with a confirmation) where the rules allow, or why not.
 */
export default function Consents() {
  const consents = useAsync((signal) => listConsents(signal), []);
  return (
    <>
      <h1>Your consents</h1>
      <p className="muted">
        What you agreed to, and when. You can withdraw a consent where the law allows; withdrawing never erases what the lender must keep
        about a loan.
      </p>
      {consents.loading && !consents.data ? (
        <Loading />
      ) : consents.error ? (
        <p className="notice" role="alert">
          {consents.error.message}
        </p>
      ) : consents.data && consents.data.length > 0 ? (
        <ConsentList consents={consents.data} onChange={consents.setData} />
      ) : (
        <p>You have not given any consents on this account yet.</p>
      )}
    </>
  );
}

function ConsentList({ consents, onChange }: { consents: Consent[]; onChange(consents: Consent[]): void }) {
  const confirm = useConfirm();
  const toast = useToast();
  const withdraw = async (consent: Consent) => {
    const answer = await confirm({
      title: `Withdraw your consent: ${consent.label}?`,
      message: <p>We keep the record that you gave it and when you withdrew it. You can give it again later.</p>,
      confirmLabel: 'Withdraw',
      danger: true,
    });
    if (!answer.confirmed) return;
    try {
      onChange(await withdrawConsent(consent.purpose));
      toast.success('Your consent is withdrawn.');
    } catch (error) {
      toast.error((error as Error).message);
    }
  };
  return (
    <ul className="consents">
      {consents.map((c) => (
        <li key={c.id} className="card consent" data-testid={`consent-${c.purpose}`}>
          <h2>{c.label}</h2>
          <p className="muted">
            Version {c.version}, given {formatDateTime(c.givenAt)}
            {c.withdrawnAt ? `, withdrawn ${formatDateTime(c.withdrawnAt)}` : ''}
          </p>
          <details>
            <summary>The text you agreed to</summary>
            <p>{c.text}</p>
          </details>
          {c.withdrawal?.allowed ? (
            <button type="button" className="button button--danger-ghost" onClick={() => void withdraw(c)}>
              Withdraw
            </button>
          ) : c.withdrawal ? (
            <p className="notice" data-testid="consent-reason">
              {c.withdrawal.reason}
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
