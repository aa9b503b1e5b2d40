import { useState } from 'react';
import { useParams } from 'react-router';
import { Link } from 'react-router';
import { formatDate } from '@lending/web-common/format';
import { getSignLink, sendSignLinkCode, signByLink, signLinkPdfUrl } from '../../api/loans';
import { KeyFactStatement } from '../../components/KeyFactStatement';
import { SigningCode } from '../../components/SigningCode';
import { useAsync } from '../../components/useAsync';

/**
 * The emailed e-sign link: the agreement's Key Facts Statement and PDF, signed with a one-time code sent to the
 * borrower's registered phone. A wrong, expired or used link gets one plain page that tells nothing of any loan.
 */
export default function Eagreement() {
  const { id: token = '' } = useParams();
  const link = useAsync((signal) => getSignLink(token, signal), [token]);
  const [code, setCode] = useState('');
  const [read, setRead] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [signedAt, setSignedAt] = useState<string | null>(null);

  if (link.loading)
    return (
      <div className="container section">
        <p className="muted">Opening your agreement…</p>
      </div>
    );
  if (signedAt) {
    return (
      <div className="container section narrow">
        <h1>Agreement signed</h1>
        <p className="lead" role="status">
          Thank you. Your agreement was signed on {formatDate(signedAt)}. We will let you know when the money is on its way.
        </p>
        <p>
          <Link className="button button--primary" to="/User/Loans">
            Go to my loans
          </Link>
        </p>
      </div>
    );
  }
  if (!link.data) {
    return (
      <div className="container section narrow">
        <h1>This link does not work</h1>
        <p className="lead">{link.error?.status === 404 ? link.error.message : 'We could not open this link. Try again in a moment.'}</p>
        <p>
          <Link className="button button--primary" to="/User/Loans">
            Sign in to my loans
          </Link>
        </p>
      </div>
    );
  }
  const view = link.data;
  const sign = async () => {
    setBusy(true);
    setError(null);
    try {
      setSignedAt((await signByLink(token, code)).signedAt);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="container section">
      <h1>Your loan agreement</h1>
      <p className="lead">
        Hello {view.borrowerName}. Here is your {view.loanType === 'EMI' ? 'personal loan' : 'salary advance'} agreement{' '}
        {view.loanReference}. Read its Key Facts Statement and the agreement, then sign it with a code we send to your phone.
      </p>
      <KeyFactStatement kfs={view.kfs} />
      <section className="card" aria-labelledby="sign-title">
        <h2 id="sign-title">Sign</h2>
        <p>
          <a className="button button--ghost" href={signLinkPdfUrl(token)} target="_blank" rel="noreferrer">
            Read the agreement (PDF)
          </a>
        </p>
        <p className="muted small">
          Document fingerprint (SHA-256): <code data-testid="document-hash">{view.documentHash}</code>
        </p>
        <label className="check">
          <input type="checkbox" checked={read} onChange={(e) => setRead(e.target.checked)} />
          <span>I have read the loan agreement and its Key Facts Statement, and I accept its terms.</span>
        </label>
        <SigningCode send={() => sendSignLinkCode(token)} code={code} onCode={setCode} disabled={!read} />
        {error && <p role="alert">{error}</p>}
        <div className="actions">
          <button
            type="button"
            className="button button--primary"
            disabled={!read || busy || !/^\d{6}$/.test(code)}
            onClick={() => void sign()}
          >
            Sign the agreement
          </button>
        </div>
        <p className="muted small">This link works once and expires on {formatDate(view.expiresAt)}.</p>
      </section>
    </div>
  );
}
