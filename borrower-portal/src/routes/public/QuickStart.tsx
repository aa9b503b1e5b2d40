import { Link } from 'react-router';
import { ComingSoon } from '../../shell/ComingSoon';

export default function QuickStart() {
  return (
    <div className="container section">
      <ComingSoon title="Quick start">
        <p>A shorter way to check your eligibility with just your mobile number is on its way.</p>
        <p>
          Until then, <Link to="/Auth/Register">create an account</Link> and apply in a few minutes, or try the <Link to="/EmiCalculator">EMI calculator</Link>.
        </p>
      </ComingSoon>
    </div>
  );
}
