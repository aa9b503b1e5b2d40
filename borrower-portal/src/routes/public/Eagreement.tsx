import { Link } from 'react-router';
import { ComingSoon } from '../../shell/ComingSoon';

export default function Eagreement() {
  return (
    <div className="container section">
      <ComingSoon title="Agreement links">
        <p>Signing from a link in an email is on its way. Your agreement is ready in your account: sign in and open the loan to read, download and sign it.</p>
        <p>
          <Link className="button button--primary" to="/User/Loans">
            Go to my loans
          </Link>
        </p>
      </ComingSoon>
    </div>
  );
}
