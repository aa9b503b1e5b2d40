import { signOut } from '../../session/session';
import { HomeBrand, SiteFooter } from '../public/PublicLayout';

/**
 * A staff member's session in this browser (signed in to the console, which shares the portal's storage) opening the
 * borrower area: the API would refuse every borrower call with a 403, so say where staff work instead.
 */
export function StaffInPortal() {
  return (
    <div className="site">
      <header className="site-header">
        <div className="container site-header__row">
          <HomeBrand />
        </div>
      </header>
      <main className="site-main container section">
        <section className="card narrow" aria-labelledby="staff-heading">
          <h1 id="staff-heading">Staff sign in to the console</h1>
          <p>You are signed in as a staff member in this browser. This site is for borrowers; staff work in the console.</p>
          <p className="actions">
            {/* The console is another app on this server, outside the portal's router. */}
            <a className="button button--primary" href="/Admin">
              Go to the console
            </a>
            <button type="button" className="button button--ghost" onClick={() => void signOut()}>
              Sign out to use the portal as a borrower
            </button>
          </p>
          <p className="muted small">Signing out here also signs you out of the console in this browser.</p>
        </section>
      </main>
      <SiteFooter />
    </div>
  );
}
