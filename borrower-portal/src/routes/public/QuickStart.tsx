import { useParams } from 'react-router';
import { NotFound } from '../../shell/ErrorView';
import { OtpPage, PhonePage } from './quickStart/PhoneAndCode';
import { QUICK_START_PAGES, QuickStartStepPage, type StepPage } from './quickStart/StepPage';

/**
 * Quick start (spec §2): /quickStart (the phone), /quickStart/components/Otp (the code), then Step0 … Step6, each
 * its own address. An unknown step is Page not found.
 */
export default function QuickStart() {
  const { step } = useParams();
  if (step === undefined) return <PhonePage />;
  if (step === 'Otp') return <OtpPage />;
  if ((QUICK_START_PAGES as readonly string[]).includes(step)) return <QuickStartStepPage key={step} page={step as StepPage} />;
  return <NotFound />;
}
