import { useEffect, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { ApiError } from '@lending/web-common/http';
import { startQuickStart, type QuickStart } from '../../../api/quickStart';
import { FormAlert } from '../../Auth/forms';
import { CONFIRM_PHONE, pagePath, QuickStartFrame } from './Frame';
import { readQuickStart } from './proof';
import { SignInInstead, isSignInInstead } from './SignInInstead';
import { BasicStep, ConsentsStep, EmploymentStep, IncomeStep, LoanStep } from './Steps';
import { FinishStep, ReviewStep } from './Finish';
import type { StepProps } from './stepProps';

export const QUICK_START_PAGES = ['Step0', 'Step1', 'Step2', 'Step3', 'Step4', 'Step5', 'Step6'] as const;
export type StepPage = (typeof QUICK_START_PAGES)[number];

const TITLES: Record<StepPage, string> = {
  Step0: 'About you',
  Step1: 'Your work',
  Step2: 'Your income',
  Step3: 'The loan you want',
  Step4: 'Your consent',
  Step5: 'Check your answers',
  Step6: 'Create your password',
};

/** Step0 … Step6: loads the quick start (the answers so far) with the phone's proof, then shows the step's form. */
export function QuickStartStepPage({ page }: { page: StepPage }) {
  const navigate = useNavigate();
  // Read once: finishing forgets the proof while this page is still on screen, and must not send it back to the phone.
  const [stored] = useState(readQuickStart);
  const [view, setView] = useState<QuickStart | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const proof = stored?.proof;

  useEffect(() => {
    if (!proof) return;
    let live = true;
    startQuickStart(proof).then(
      (v) => live && setView(v),
      (e: unknown) => live && setFailure(e),
    );
    return () => {
      live = false;
    };
  }, [proof]);

  const back = page === 'Step0' ? undefined : QUICK_START_PAGES[QUICK_START_PAGES.indexOf(page) - 1];
  // Without a proven phone (none yet in this tab, or it expired) a step cannot load its answers: quick start begins
  // again at step 1, the phone, which says why; the answers kept on the server come back after the code.
  if (!proof || (failure instanceof ApiError && failure.type === 'phone-not-verified'))
    return <Navigate to={pagePath('phone')} replace state={CONFIRM_PHONE} />;
  if (isSignInInstead(failure)) return <SignInInstead page={page} />;
  const onSaved = (next: QuickStart) => {
    setView(next);
    void navigate(pagePath(next.next));
  };
  return (
    <QuickStartFrame page={page} title={TITLES[page]} back={back}>
      {failure ? <FormAlert message={failure instanceof Error ? failure.message : String(failure)} /> : null}
      {!view && !failure && <p className="muted">Loading your answers…</p>}
      {view && <StepBody page={page} props={{ proof, view, onSaved }} />}
    </QuickStartFrame>
  );
}

function StepBody({ page, props }: { page: StepPage; props: StepProps }) {
  switch (page) {
    case 'Step0':
      return <BasicStep {...props} />;
    case 'Step1':
      return <EmploymentStep {...props} />;
    case 'Step2':
      return <IncomeStep {...props} />;
    case 'Step3':
      return <LoanStep {...props} />;
    case 'Step4':
      return <ConsentsStep {...props} />;
    case 'Step5':
      return <ReviewStep {...props} />;
    case 'Step6':
      return <FinishStep {...props} />;
  }
}
