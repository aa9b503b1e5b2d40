import { useLocation } from 'react-router';
import { ComingSoon } from '../../../shell/ComingSoon';

const WHAT: Record<string, string> = {
  Address: 'your current and permanent address',
  Bank: 'the bank account your loan is paid into and repaid from',
  Documents: 'your PAN, Aadhaar and salary slips',
  Employment: 'your employer, role and monthly income',
  Reference: 'two people we may contact if we cannot reach you',
  Selfie: 'a photo to confirm that it is you applying',
};

export default function ComingSection() {
  const section = useLocation().pathname.split('/').pop() ?? '';
  return (
    <ComingSoon title={section}>
      <p>Soon you will add {WHAT[section] ?? 'these details'} here. For now our team asks for them by email when your application needs them.</p>
    </ComingSoon>
  );
}
