import type { ReactNode } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { getLoan, type Loan, type LoanType } from '../../../api/loans';
import { Loading } from '../../../components/Loading';
import { useAsync } from '../../../components/useAsync';
import { redirectForStep, type Step } from '../../../lending/steps';
import { ErrorView } from '../../../shell/ErrorView';

/** The loan type of the flow in the URL: /User/newLoan/Emi/... or /User/newLoan/salaryAdvance/... */
export function useFlowType(): LoanType {
  return useLocation().pathname.startsWith('/User/newLoan/salaryAdvance') ? 'salaryAdvance' : 'EMI';
}

const STEPS: { step: Step; label: string }[] = [
  { step: 'Step0', label: 'Loan terms' },
  { step: 'Step1', label: 'Your details' },
  { step: 'Step5', label: 'Agreement' },
  { step: 'Step6', label: 'Sign' },
  { step: 'Step7', label: 'Done' },
];

/** Loads the loan of the URL and renders the step only if the loan's state allows it; otherwise goes where it should. */
export function LoanStep({ step, children }: { step: Step; children(loan: Loan, setLoan: (loan: Loan) => void): ReactNode }) {
  const { id = '' } = useParams();
  const type = useFlowType();
  const loan = useAsync((signal) => getLoan(id, signal), [id]);
  if (loan.error) return <ErrorView status={loan.error.status} detail={loan.error.message} />;
  if (!loan.data) return <Loading />;
  const redirect = redirectForStep(loan.data, step, type);
  if (redirect) return <Navigate to={redirect} replace />;
  const current = STEPS.findIndex((s) => s.step === step);
  return (
    <div className="flow">
      <p className="eyebrow">{type === 'EMI' ? 'Personal loan application' : 'Salary advance application'}</p>
      <ol className="stepper" aria-label="Application steps">
        {STEPS.map((s, i) => (
          <li
            key={s.step}
            className={i < current ? 'is-done' : i === current ? 'is-current' : ''}
            aria-current={i === current ? 'step' : undefined}
          >
            <span className="stepper__n">{i + 1}</span> <span className="stepper__label">{s.label}</span>
          </li>
        ))}
      </ol>
      {children(loan.data, loan.setData)}
    </div>
  );
}
