import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '@lending/web-common/http';
import { fetchAgreement, sendSigningCode, signAgreement, type Loan } from '../../../api/loans';
import { SigningCode } from '../../../components/SigningCode';
import { formatMoney } from '@lending/web-common/format';
import { newKey } from '../../../components/newKey';
import { rememberShownHash, shownHash } from '../../../lending/agreement';
import { newLoanBase } from '../../../lending/steps';
import { useConfirm } from '../../../shell/ConfirmDialog';
import { FormAlert } from '../../Auth/forms';
import { LoanStep } from './flow';

/** Step 6: sign the agreement that was shown (its SHA-256) with a one-time code sent to the registered phone. */
export default function Step6() {
  return <LoanStep step="Step6">{(loan) => <Sign loan={loan} />}</LoanStep>;
}

function Sign({ loan }: { loan: Loan }) {
  const navigate = useNavigate();
  const confirm = useConfirm();
  const [hash, setHash] = useState<string | null>(() => shownHash(loan.id));
  const [read, setRead] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [code, setCode] = useState('');
  const key = useRef(newKey());
  const base = newLoanBase(loan.type, loan.id);

  useEffect(() => {
    if (hash) return;
    fetchAgreement(loan.id).then(
      ({ hash: h }) => {
        rememberShownHash(loan.id, h);
        setHash(h);
      },
      (e: unknown) => setError((e as Error).message),
    );
  }, [hash, loan.id]);

  const sign = async () => {
    if (!hash || !/^\d{6}$/.test(code)) return;
    const answer = await confirm({
      title: 'Sign the loan agreement?',
      message: (
        <p>
          Signing binds you to repay {formatMoney(loan.agreement!.terms.totalPayable, loan.currency)} on the agreed schedule. This is the
          same as a signature on paper.
        </p>
      ),
      confirmLabel: 'Sign the agreement',
    });
    if (!answer.confirmed) return;
    setBusy(true);
    setError(null);
    try {
      await signAgreement(loan.id, hash, code, key.current);
      void navigate(`${base}/Step7`);
    } catch (e) {
      if (e instanceof ApiError && e.type === 'agreement-mismatch') {
        sessionStorage.removeItem(`agreement-hash:${loan.id}`);
        setError('The agreement changed since you opened it. Read the current version, then sign again.');
      } else {
        // A wrong code takes a try; a new request needs a new key (the server remembers the refused one's answer).
        key.current = newKey();
        setError((e as Error).message);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <h1>Sign your agreement</h1>
      <section className="card narrow">
        <p>
          You are signing the agreement issued for your {loan.type === 'EMI' ? 'personal loan' : 'salary advance'} of{' '}
          {formatMoney(loan.principal, loan.currency)}.
        </p>
        <p className="muted small">
          Document fingerprint (SHA-256): <code data-testid="document-hash">{hash ?? '…'}</code>
        </p>
        <label className="check">
          <input type="checkbox" checked={read} onChange={(e) => setRead(e.target.checked)} />
          <span>I have read the loan agreement and its Key Facts Statement, and I accept its terms.</span>
        </label>
        <SigningCode send={() => sendSigningCode(loan.id)} code={code} onCode={setCode} disabled={!read} />
      </section>
      <FormAlert message={error} />
      <div className="actions">
        <Link className="button button--ghost" to={`${base}/Step5/pdfDisplay`}>
          Read it again
        </Link>
        <button
          type="button"
          className="button button--primary"
          disabled={!read || !hash || busy || !/^\d{6}$/.test(code)}
          onClick={() => void sign()}
        >
          Sign the agreement
        </button>
      </div>
    </>
  );
}
