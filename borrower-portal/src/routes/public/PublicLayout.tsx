import { useState } from 'react';
import { Link, NavLink, Outlet } from 'react-router';
import { useToken } from '../../session/auth-state';

/** Header, page and footer of the public and sign-in pages. */
export function PublicLayout() {
  const signedIn = useToken() !== null;
  const [open, setOpen] = useState(false);
  return (
    <div className="site">
      <header className="site-header">
        <div className="container site-header__row">
          <HomeBrand />
          <button type="button" className="menu-toggle" aria-expanded={open} aria-controls="site-nav" onClick={() => setOpen((o) => !o)}>
            Menu
          </button>
          <nav id="site-nav" className={`site-nav ${open ? 'site-nav--open' : ''}`} aria-label="Main" onClick={() => setOpen(false)}>
            <NavLink to="/EmiCalculator">EMI calculator</NavLink>
            <NavLink to="/Rate-terms">Rates and fees</NavLink>
            <NavLink to="/About">About us</NavLink>
            <NavLink to="/Contact-us">Contact</NavLink>
            {signedIn ? (
              <Link className="button button--primary button--small" to="/User/Dashboard">
                My account
              </Link>
            ) : (
              <>
                <NavLink to="/Auth/Login">Sign in</NavLink>
                <Link className="button button--primary button--small" to="/quickStart">
                  Apply now
                </Link>
              </>
            )}
          </nav>
        </div>
      </header>
      <main className="site-main">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}

/** The name and mark in the header, a link home. */
export function HomeBrand() {
  return (
    <Link to="/" className="brand" aria-label="Open Lending home">
      <span className="brand__mark" aria-hidden="true">
        ₹
      </span>{' '}
      Open Lending
    </Link>
  );
}

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div>
          <p className="brand">Open Lending</p>
          <p className="muted">
            Personal loans and salary advances for salaried people in India, applied for online and paid straight into your bank account.
          </p>
        </div>
        <nav aria-label="Footer">
          <Link to="/About">About us</Link>
          <Link to="/Contact-us">Contact us</Link>
          <Link to="/Rate-terms">Rates and fees</Link>
          <Link to="/privacy-policy">Privacy policy</Link>
          <Link to="/terms-and-conditions">Terms and conditions</Link>
          <Link to="/ClearCache">Trouble loading? Clear cache</Link>
        </nav>
      </div>
      <p className="container muted small">
        Loans are subject to credit assessment. Read the key facts on the Rates and fees page before you apply.
      </p>
    </footer>
  );
}
