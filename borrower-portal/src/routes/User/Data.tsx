import { useState } from 'react';
import { Link } from 'react-router';
import { formatDate, formatDateTime } from '@lending/web-common/format';
import type { ErasureAnswer, ErasurePlan, ErasureRequest } from '@lending/web-common/api';
import {
  downloadMyData,
  giveConsent,
  listErasureRequests,
  listGivableConsents,
  requestErasure,
  type ExportFormat,
  type GivableConsent,
} from '../../api/data-rights';
import { Loading } from '../../components/Loading';
import { useAsync } from '../../components/useAsync';
import { useConfirm } from '../../shell/ConfirmDialog';
import { useToast } from '../../shell/Toasts';

/**
 * Your data (DPDP Act, 2023; issue 33 item 5): download everything we hold (JSON or PDF), give the consents the law
 * lets you give at any time (offers and news), and ask us to erase your data, with what will be kept and why, and the
 * request's status and answer.
 */
export default function Data() {
  return (
    <>
      <h1>Your data</h1>
      <p className="muted">
        What we hold about you, and your rights over it under the Digital Personal Data Protection Act, 2023. Your consents, and withdrawing
        them, are under <Link to="/User/Consents">Your consents</Link>.
      </p>
      <Download />
      <Offers />
      <Erasure />
    </>
  );
}

function Download() {
  const toast = useToast();
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const download = async (format: ExportFormat) => {
    setBusy(format);
    try {
      toast.success(`Downloaded ${await downloadMyData(format)}.`);
    } catch (error) {
      toast.error((error as Error).message);
    } finally {
      setBusy(null);
    }
  };
  return (
    <section className="card" aria-labelledby="download-heading">
      <h2 id="download-heading">Download your data</h2>
      <p>
        Your account and devices, your profile (bank and ID numbers masked as here), your documents&apos; list, consents, applications and
        loans with their schedules and payments, help issues and the messages we sent you.
      </p>
      <div className="actions">
        <button type="button" className="button button--primary" disabled={busy !== null} onClick={() => void download('json')}>
          {busy === 'json' ? 'Preparing…' : 'Download as JSON'}
        </button>
        <button type="button" className="button button--ghost" disabled={busy !== null} onClick={() => void download('pdf')}>
          {busy === 'pdf' ? 'Preparing…' : 'Download as PDF'}
        </button>
      </div>
    </section>
  );
}

function Offers() {
  const offers = useAsync((signal) => listGivableConsents(signal), []);
  const toast = useToast();
  const give = async (consent: GivableConsent) => {
    try {
      await giveConsent(consent);
      offers.reload();
      toast.success('Thank you: your consent is recorded. You can withdraw it at any time under Your consents.');
    } catch (error) {
      toast.error((error as Error).message);
    }
  };
  if (!offers.data || offers.data.length === 0) return null;
  return (
    <section className="card" aria-labelledby="offers-heading">
      <h2 id="offers-heading">Consents you can give at any time</h2>
      <ul className="consents">
        {offers.data.map((c) => (
          <li key={c.purpose} className="consent" data-testid={`givable-${c.purpose}`}>
            <h3>{c.label}</h3>
            <p>{c.text}</p>
            {c.inForce ? (
              <p className="muted">
                You have given this consent. <Link to="/User/Consents">Withdraw it</Link>
              </p>
            ) : (
              <button type="button" className="button button--ghost" onClick={() => void give(c)}>
                Give my consent
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Erasure() {
  const requests = useAsync((signal) => listErasureRequests(signal), []);
  const confirm = useConfirm();
  const toast = useToast();
  const [reason, setReason] = useState('');
  const waiting = requests.data?.requests.find((r) => r.status === 'requested');
  const ask = async (preview: ErasurePlan) => {
    const answer = await confirm({
      title: 'Ask us to erase your data?',
      message: <PlanText plan={preview} />,
      confirmLabel: 'Ask us to erase it',
      danger: true,
    });
    if (!answer.confirmed) return;
    try {
      await requestErasure(reason);
      setReason('');
      requests.reload();
      toast.success('We have your request. We will carry it out and tell you here what was erased and what was kept.');
    } catch (error) {
      toast.error((error as Error).message);
    }
  };
  return (
    <section className="card" aria-labelledby="erase-heading">
      <h2 id="erase-heading">Erase your data</h2>
      {requests.loading && !requests.data ? (
        <Loading />
      ) : requests.error ? (
        <p className="notice" role="alert">
          {requests.error.message}
        </p>
      ) : requests.data ? (
        <>
          {waiting ? (
            <p className="notice" data-testid="erasure-waiting">
              You asked us to erase your data on {formatDateTime(waiting.requestedAt)}. We are carrying out your request.
            </p>
          ) : (
            <>
              <p>
                We erase what the law does not make us keep. Records of your identity and your loans are kept as the RBI&apos;s rules
                require: while a loan runs, and five years after your last loan ends.
              </p>
              <div className="field">
                <label htmlFor="erasure-reason">Why (optional)</label>
                <textarea id="erasure-reason" rows={3} maxLength={1000} value={reason} onChange={(e) => setReason(e.target.value)} />
              </div>
              <button type="button" className="button button--danger-ghost" onClick={() => void ask(requests.data!.preview)}>
                Ask us to erase my data
              </button>
            </>
          )}
          {requests.data.requests.length > 0 && <Requests requests={requests.data.requests} />}
        </>
      ) : null}
    </section>
  );
}

function PlanText({ plan }: { plan: ErasurePlan }) {
  return (
    <>
      <p>We will erase:</p>
      <ul>
        {plan.erase.map((e) => (
          <li key={e.part}>{e.what}</li>
        ))}
      </ul>
      <p>We must keep:</p>
      <ul>
        {plan.kept.map((k) => (
          <li key={k.part}>
            {k.what}. <strong>{k.untilText}.</strong>
          </li>
        ))}
      </ul>
      <p>You will be signed out on every device.</p>
    </>
  );
}

function Requests({ requests }: { requests: ErasureRequest[] }) {
  return (
    <>
      <h3>Your requests</h3>
      <ul className="consents">
        {requests.map((r) => (
          <li key={r.id} className="consent" data-testid="erasure-request">
            <p>
              Asked {formatDateTime(r.requestedAt)}:{' '}
              <strong>{r.status === 'requested' ? 'being carried out' : `carried out on ${formatDateTime(r.carriedOutAt)}`}</strong>
            </p>
            {r.answer && <Answer answer={r.answer} />}
          </li>
        ))}
      </ul>
    </>
  );
}

function Answer({ answer }: { answer: ErasureAnswer }) {
  return (
    <>
      <h4>Erased</h4>
      <ul>
        {answer.erased.map((e) => (
          <li key={e.part}>{e.what}</li>
        ))}
      </ul>
      <h4>Kept, and why</h4>
      <ul>
        {answer.kept.map((k) => (
          <li key={k.part}>
            {k.what}. <strong>{k.until ? `Kept until ${formatDate(k.until)}` : k.untilText}.</strong>{' '}
            <span className="muted">{k.why}.</span>
          </li>
        ))}
      </ul>
    </>
  );
}
