import { Link } from 'react-router';
import { ExternalLink } from '@lending/web-common/react';
import { EXTERNAL_URLS } from '../../external-urls';

const FAQ: [string, string][] = [
  ['How long does a decision take?', 'Usually one working day after you submit. You can follow each step on the loan’s page, with its date.'],
  ['Does applying affect my credit score?', 'No. We run a soft credit check, which lenders cannot see and which does not change your score.'],
  ['Can I change the amount after applying?', 'Yes, until you submit: open the application and change the amount or the number of months. After you submit, cancel and apply again.'],
  ['How do I sign the agreement?', 'When your agreement is ready, the loan shows “Review and sign”. Read or download it, then sign it online. The money is sent after a final check.'],
  ['Can I cancel?', 'Yes, at any time before the money is sent, from the loan’s page. Tell us why so we can improve; there is no charge.'],
  ['I was signed out with “Someone else logged in!”', 'Your account can be open on one device at a time. If it was not you, sign in again and change your password from Forgot password.'],
  ['When are my repayments due?', 'On the dates in your repayment schedule, shown on the loan’s page once the money is sent.'],
];

export default function Help() {
  return (
    <>
      <h1>Help</h1>
      <section className="card">
        <h2>Talk to us</h2>
        <p>
          Email <ExternalLink href="mailto:support@openlending.in" allow={EXTERNAL_URLS}>support@openlending.in</ExternalLink> from the address on your account, or call <ExternalLink href="tel:+918000000000" allow={EXTERNAL_URLS}>+91 80000 00000</ExternalLink>{' '}
          (Monday to Saturday, 9:30 am to 6:30 pm IST). Mention your loan number: the first eight characters shown on the loan.
        </p>
      </section>
      <section className="faq" aria-labelledby="faq">
        <h2 id="faq">Frequently asked questions</h2>
        {FAQ.map(([q, a]) => (
          <details key={q}>
            <summary>{q}</summary>
            <p>{a}</p>
          </details>
        ))}
      </section>
      <p>
        Still stuck? See <Link to="/Contact-us">all the ways to reach us</Link>.
      </p>
    </>
  );
}
