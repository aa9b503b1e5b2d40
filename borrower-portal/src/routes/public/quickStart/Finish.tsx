import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '@lending/web-common/http';
import { formatDate, formatMoney } from '@lending/web-common/format';
import { finishQuickStart, type FinishCredential } from '../../../api/quickStart';
import { completeSignIn } from '../../../session/session';
import { Field, FormAlert, useSubmit } from '../../Auth/forms';
import { SocialSignIn } from '../../Auth/SocialSignIn';
import { pagePath, type AnyPage } from './Frame';
import { forgetQuickStart } from './proof';
import type { StepProps } from './stepProps';

const PAGE_OF_STEP: Record<string, AnyPage> = { basic: 'Step0', employment: 'Step1', income: 'Step2', loan: 'Step3', consents: 'Step4' };

/** Step5: everything answered, each part with a link back to change it. */
export function ReviewStep({ view }: StepProps) {
  const navigate = useNavigate();
  const { basic, employment, income, loan } = view.answers;
  if (view.missing.length > 0) {
    return (
      <p role="status">
        A step is still missing: <Link to={pagePath(PAGE_OF_STEP[view.missing[0]])}>continue there</Link>.
      </p>
    );
  }
  const rows: Array<[string, string, AnyPage]> = [
    ['Name', basic!.name, 'Step0'],
    ['Email', basic!.email, 'Step0'],
    ['Date of birth', formatDate(basic!.dateOfBirth), 'Step0'],
    ['Mobile', view.phone, 'Step0'],
    ['Work', `${employment!.employmentType === 'salaried' ? 'Salaried' : 'Self-employed'} at ${employment!.employer}`, 'Step1'],
    ['Monthly take-home pay', `${formatMoney(income!.monthlyNetIncome, 'INR')}, paid on day ${income!.payDayOfMonth}`, 'Step2'],
    [
      'Loan',
      `${loan!.type === 'EMI' ? 'Personal loan' : 'Salary advance'} of ${formatMoney(loan!.amount, 'INR')}${loan!.tenureMonths ? ` over ${loan!.tenureMonths} months` : ''}`,
      'Step3',
    ],
    ['Consents', 'Credit check, terms and privacy policy accepted', 'Step4'],
  ];
  return (
    <>
      <dl className="quick-start__review">
        {rows.map(([term, value, page]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>
              {value}{' '}
              {term !== 'Mobile' && (
                <Link to={pagePath(page)} aria-label={`Change ${term.toLowerCase()}`}>
                  Change
                </Link>
              )}
            </dd>
          </div>
        ))}
      </dl>
      <button type="button" className="button button--primary button--block" onClick={() => navigate(pagePath('Step6'))}>
        Looks right, continue
      </button>
    </>
  );
}

/**
 * Step6: a password for the new account, or (where the build has Firebase, as Login) a social sign-in; finishing signs
 * in and lands on the application's next step.
 */
export function FinishStep({ proof, view }: StepProps) {
  const navigate = useNavigate();
  const { errors, busy, run } = useSubmit();
  const [missing, setMissing] = useState<AnyPage | null>(null);
  const finish = async (credential: FinishCredential) => {
    try {
      const finished = await finishQuickStart(proof, credential);
      completeSignIn(finished);
      forgetQuickStart();
      void navigate(finished.next, { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.type === 'step-missing' && Array.isArray(error.problem.pages))
        setMissing((error.problem.pages as AnyPage[])[0]);
      throw error;
    }
  };
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const password = String(data.get('password') ?? '');
    if (password !== String(data.get('confirm') ?? ''))
      return errors.set({ confirm: 'The two passwords are not the same' }, 'Please correct the fields marked below.');
    await run(() => finish({ password }));
  };
  return (
    <>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <p className="muted">You sign in with {view.phone} and this password from now on.</p>
        <FormAlert message={errors.form} />
        {missing && (
          <p>
            <Link to={pagePath(missing)}>Go to the missing step</Link>
          </p>
        )}
        <input type="text" name="username" autoComplete="username" value={view.phone} readOnly hidden />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          error={errors.fields.password}
          hint="At least 8 characters"
        />
        <Field label="Password again" name="confirm" type="password" autoComplete="new-password" error={errors.fields.confirm} />
        <button className="button button--primary button--block" type="submit" disabled={busy}>
          {busy ? 'Creating your account…' : 'Create my account and apply'}
        </button>
      </form>
      <SocialSignIn exchange={(idToken) => finish({ idToken })} onSignedIn={() => undefined} onError={errors.fromError} />
    </>
  );
}
