import { Prose } from './Prose';

export default function Terms() {
  return (
    <Prose
      title="Terms and conditions"
      intro="The rules for using this website and your account. Your loan itself is governed by the agreement you sign."
    >
      <h2>Your account</h2>
      <p>
        Keep your password private. You may be signed in on one device at a time: signing in on another device ends the session on the
        first.
      </p>
      <h2>Applications</h2>
      <p>
        Submitting an application is not a promise to lend. We may ask for more information, approve a lower amount, or decline, and we tell
        you which.
      </p>
      <h2>Your agreement</h2>
      <p>Before you sign, you can read and download the agreement. Signing online binds you as a signature on paper would. Keep a copy.</p>
      <h2>Repayments</h2>
      <p>
        Instalments fall due on the dates in your schedule. Late payments can attract the charges set out in your agreement and are reported
        to credit bureaus.
      </p>
      <h2>Cancelling</h2>
      <p>You can cancel your application at any time before the money is sent, from the loan's page, without any charge.</p>
      <h2>Changes</h2>
      <p>
        We may update these terms; the version on this page applies from the date it is published. Changes never alter a signed agreement.
      </p>
    </Prose>
  );
}
