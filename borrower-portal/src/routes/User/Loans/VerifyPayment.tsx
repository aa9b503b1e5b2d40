import { Link } from 'react-router';
import { ComingSoon } from '../../../shell/ComingSoon';

export default function VerifyPayment() {
  return (
    <ComingSoon title="Online repayments">
      <p>Paying instalments from your account is on its way. Until then, pay by bank transfer to the account in your agreement, quoting your loan number.</p>
      <p>
        <Link to="/User/Loans">Back to my loans</Link>
      </p>
    </ComingSoon>
  );
}
