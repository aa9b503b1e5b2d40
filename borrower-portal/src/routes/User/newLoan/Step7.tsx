import { Link } from 'react-router';
import type { Loan } from '../../../api/loans';
import { StateBadge } from '../../../components/StateBadge';
import { LoanStep } from './flow';

const NEXT: Partial<Record<Loan['state'], string>> = {
  applied: 'Our credit team will look at your application, usually within one working day.',
  'soft.pending': 'We are running a soft credit check. It does not affect your credit score.',
  'bank.pending': 'Your credit check is approved. We are verifying the bank account the money will go to.',
  'consent.pending': 'Your bank account is verified. We are preparing your loan agreement.',
  'final.pending': 'Thank you for signing. We make a final check and then send the money.',
  'disbursal.pending': 'Your loan is approved. The money is on its way to your bank account.',
};

/** Step 7: the application is in; what happens next. */
export default function Step7() {
  return (
    <LoanStep step="Step7">
      {(loan) => (
        <section className="card narrow done">
          <h1>
            {loan.state === 'applied' ? 'Application submitted' : loan.signedAt ? 'Agreement signed' : 'Your application is in progress'}
          </h1>
          <p>
            Status: <StateBadge state={loan.state} />
          </p>
          <h2>What happens next</h2>
          <p>{NEXT[loan.state]}</p>
          <p>
            {loan.signedAt
              ? 'We email you at each step, and when the money is sent.'
              : 'We email you at each step. When your agreement is ready, you will read and sign it here, and the loan shows “Review and sign”.'}
          </p>
          <div className="actions">
            <Link className="button button--primary" to={`/User/Loans/${loan.id}`}>
              Follow my application
            </Link>
            <Link className="button button--ghost" to="/User/Dashboard">
              Go to my dashboard
            </Link>
          </div>
        </section>
      )}
    </LoanStep>
  );
}
