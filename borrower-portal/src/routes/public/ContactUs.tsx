import { Link } from 'react-router';
import { Prose } from './Prose';
import { ExternalLink } from '@lending/web-common/react';
import { EXTERNAL_URLS } from '../../external-urls';

export default function ContactUs() {
  return (
    <Prose title="Contact us" intro="We answer every message within one working day.">
      <div className="contact-grid">
        <section className="card">
          <h2>Email</h2>
          <p>
            <ExternalLink href="mailto:support@openlending.in" allow={EXTERNAL_URLS}>
              support@openlending.in
            </ExternalLink>
          </p>
          <p className="muted">For your loan, write from the email address on your account and mention your loan number.</p>
        </section>
        <section className="card">
          <h2>Phone</h2>
          <p>
            <ExternalLink href="tel:+918000000000" allow={EXTERNAL_URLS}>
              +91 80000 00000
            </ExternalLink>
          </p>
          <p className="muted">Monday to Saturday, 9:30 am to 6:30 pm IST, except public holidays.</p>
        </section>
        <section className="card">
          <h2>Grievances</h2>
          <p>
            <ExternalLink href="mailto:grievance@openlending.in" allow={EXTERNAL_URLS}>
              grievance@openlending.in
            </ExternalLink>
          </p>
          <p className="muted">If our answer did not resolve your complaint, our grievance officer replies within 7 working days.</p>
        </section>
      </div>
      <p>
        Signed in? The <Link to="/User/Help">Help</Link> page in your account answers the most common questions.
      </p>
    </Prose>
  );
}
