import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { getProfile, type Profile } from '../../../api/auth';
import { ApiError } from '@lending/web-common/http';
import { submitLoan, type Loan } from '../../../api/loans';
import { formatMoney } from '@lending/web-common/format';
import { Loading } from '../../../components/Loading';
import { newKey } from '../../../components/newKey';
import { useAsync } from '../../../components/useAsync';
import { newLoanBase } from '../../../lending/steps';
import { useConfirm } from '../../../shell/ConfirmDialog';
import { FormAlert } from '../../Auth/forms';
import { ProfileForm } from '../Profile/ProfileForm';
import { LoanStep } from './flow';
import { formatPhone } from '@lending/web-common/phone';

/** Step 1: confirm name, email and phone (fix them inline), accept the declarations, submit. */
export default function Step1() {
  return <LoanStep step="Step1">{(loan) => <ConfirmDetails loan={loan} />}</LoanStep>;
}

const LABELS: Record<string, string> = { name: 'full name', email: 'email', phone: 'mobile number' };
/** Profile sections the API may name as missing (422 profile-incomplete), and where the borrower completes each. */
const SECTION_PAGES: Record<string, string> = {
  profile: 'Profile',
  address: 'Address',
  bank: 'Bank',
  documents: 'Documents',
  employment: 'Employment',
  reference: 'Reference',
  selfie: 'Selfie',
};

function ConfirmDetails({ loan }: { loan: Loan }) {
  const navigate = useNavigate();
  const confirm = useConfirm();
  const profile = useAsync((signal) => getProfile(signal), []);
  const [editing, setEditing] = useState(false);
  const [declared, setDeclared] = useState({ truthful: false, consent: false });
  const [missing, setMissing] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const key = useRef(newKey());

  if (profile.error) return <FormAlert message={profile.error.message} />;
  if (!profile.data) return <Loading />;
  const p = profile.data;
  const localMissing = (['name', 'email', 'phone'] as const).filter((f) => !p[f]);
  const stillMissing = [...new Set([...localMissing, ...missing.filter((m) => m in LABELS && !p[m as keyof Profile])])];
  const missingSections = missing.filter((m) => m in SECTION_PAGES);

  const submit = async () => {
    const answer = await confirm({
      title: 'Submit your application?',
      message: (
        <p>
          You are applying for {formatMoney(loan.amount, loan.currency)}
          {loan.type === 'EMI' ? ` over ${loan.tenureMonths} months` : ''}. We will run a soft credit check and verify your bank account.
          You can cancel until the money is sent.
        </p>
      ),
      confirmLabel: 'Submit application',
    });
    if (!answer.confirmed) return;
    setBusy(true);
    setError(null);
    try {
      await submitLoan(loan.id, key.current);
      void navigate(`${newLoanBase(loan.type, loan.id)}/Step7`);
    } catch (e) {
      if (e instanceof ApiError && e.type === 'profile-incomplete') {
        const named = (e.problem.missing ?? []) as string[];
        setMissing(named);
        if (named.some((m) => m in LABELS)) setEditing(true);
      }
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <h1>Confirm your details</h1>
      <p className="lead">Your agreement is made out to these details. Check that they are right.</p>
      <section className="card narrow" aria-labelledby="your-details">
        <h2 id="your-details">Your details</h2>
        {stillMissing.length > 0 && (
          <p className="form-alert" role="alert">
            We need your {stillMissing.map((m) => LABELS[m] ?? m).join(' and ')} before you can submit.
          </p>
        )}
        {missingSections.length > 0 && (
          <div className="form-alert" role="alert">
            <p>Complete these parts of your profile, then submit again:</p>
            <ul>
              {missingSections.map((m) => (
                <li key={m}>
                  <Link to={`/User/Profile/${SECTION_PAGES[m]}`}>{SECTION_PAGES[m]}</Link>
                </li>
              ))}
            </ul>
          </div>
        )}
        {editing || stillMissing.length > 0 ? (
          <ProfileForm
            profile={p}
            submitLabel="Save my details"
            onSaved={(saved) => {
              profile.setData(saved);
              setMissing([]);
              setEditing(false);
            }}
          />
        ) : (
          <>
            <dl className="facts">
              <dt>Name</dt>
              <dd>{p.name}</dd>
              <dt>Email</dt>
              <dd>{p.email}</dd>
              <dt>Mobile</dt>
              <dd>{formatPhone(p.phone)}</dd>
            </dl>
            <button type="button" className="button button--ghost button--small" onClick={() => setEditing(true)}>
              Change
            </button>
          </>
        )}
      </section>
      <section className="card narrow" aria-labelledby="declarations">
        <h2 id="declarations">Declarations</h2>
        <label className="check">
          <input type="checkbox" checked={declared.truthful} onChange={(e) => setDeclared((d) => ({ ...d, truthful: e.target.checked }))} />
          <span>The information I have given is true and complete, and I will tell Open Lending if it changes.</span>
        </label>
        <label className="check">
          <input type="checkbox" checked={declared.consent} onChange={(e) => setDeclared((d) => ({ ...d, consent: e.target.checked }))} />
          <span>
            I agree to a soft credit check and to the <Link to="/terms-and-conditions">terms and conditions</Link> and{' '}
            <Link to="/privacy-policy">privacy policy</Link>.
          </span>
        </label>
      </section>
      <FormAlert message={error} />
      <div className="actions">
        <Link className="button button--ghost" to={`${newLoanBase(loan.type, loan.id)}/Step0`}>
          Back
        </Link>
        <button
          type="button"
          className="button button--primary"
          disabled={busy || editing || stillMissing.length > 0 || !declared.truthful || !declared.consent}
          onClick={() => void submit()}
        >
          Submit application
        </button>
      </div>
    </>
  );
}
