import { Link } from 'react-router';
import { Prose } from './Prose';

export default function About() {
  return (
    <Prose title="About Open Lending" intro="We lend to salaried people who want a fair price, a quick answer and a clear agreement.">
      <h2>What we do</h2>
      <p>
        We offer two products: personal loans repaid in equal monthly instalments, and salary advances repaid in one go on your next payday.
        Everything happens online, from the application to the signature, and the money goes straight to your bank account.
      </p>
      <h2>How we decide</h2>
      <p>
        Every application is read by our credit team. We run a soft credit check, which does not affect your credit score, and we verify the
        bank account the money will go to. When we cannot lend, we say so, and we never pass your application on to another lender.
      </p>
      <h2>Why you can trust the figures</h2>
      <p>
        Your EMI, the interest and the fee are worked out by the same calculation that produces your agreement, and every step of your
        application is recorded with its date. What you see in your account is exactly what we see.
      </p>
      <p>
        Questions? <Link to="/Contact-us">Contact us</Link>.
      </p>
    </Prose>
  );
}
