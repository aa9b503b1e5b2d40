import { Prose } from './Prose';

export default function PrivacyPolicy() {
  return (
    <Prose title="Privacy policy" intro="What we collect, why, and what you can ask of us.">
      <h2>What we collect</h2>
      <p>
        Your name, email address and mobile number when you register; the details of each application; and the device you signed in from, so
        that only one device holds your session at a time.
      </p>
      <h2>Why we use it</h2>
      <p>
        To assess your application, to verify your identity and bank account, to send you your agreement and reminders, and to meet our
        legal obligations as a lender.
      </p>
      <h2>Who sees it</h2>
      <p>
        Our credit and operations staff, each seeing only what their role needs, and the credit bureau for the soft check. We do not sell
        your data or share it for marketing.
      </p>
      <h2>How long we keep it</h2>
      <p>
        For as long as you have a loan with us and for eight years after it closes, as the law requires of lenders. Applications that did
        not go ahead are deleted after two years.
      </p>
      <h2>Your choices</h2>
      <p>
        You can ask for a copy of your data, correct it from your Profile, or ask us to delete it once no loan is open, by writing to
        privacy@openlending.in.
      </p>
      <h2>Cookies and storage</h2>
      <p>We keep a sign-in token and a random device id in your browser, and nothing for advertising. The Clear cache page removes them.</p>
    </Prose>
  );
}
