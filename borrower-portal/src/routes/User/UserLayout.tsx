import { Link, Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { getMe } from '../../api/auth';
import { useAsync } from '../../components/useAsync';
import { useToken } from '../../session/auth-state';
import { signOut } from '../../session/session';
import { tokenRole } from '../../session/token-role';
import { SiteFooter } from '../public/PublicLayout';
import { StaffInPortal } from './StaffInPortal';

/** The borrower area's layout and guard: without a token, sign in first and come back here; staff go to the console. */
export default function UserLayout() {
  const token = useToken();
  const location = useLocation();
  if (!token) return <Navigate to={`/Auth/Login?returnTo=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  if (tokenRole(token) === 'staff') return <StaffInPortal />;
  return <SignedInLayout />;
}

function SignedInLayout() {
  const me = useAsync((signal) => getMe(signal), []);
  const firstName = me.data?.user.name.split(' ')[0];
  return (
    <div className="site">
      <header className="site-header site-header--user">
        <div className="container site-header__row">
          <Link to="/User/Dashboard" className="brand">
            <span className="brand__mark" aria-hidden="true">
              ₹
            </span>{' '}
            Open Lending
          </Link>
          <nav className="user-nav" aria-label="Your account">
            <NavLink to="/User/Dashboard">Dashboard</NavLink>
            <NavLink to="/User/Loans">My loans</NavLink>
            <NavLink to="/User/Profile">Profile</NavLink>
            <NavLink to="/User/Help">Help</NavLink>
          </nav>
          <div className="user-menu">
            {firstName && <span className="user-menu__name">Hi, {firstName}</span>}
            <button type="button" className="button button--ghost button--small" onClick={() => void signOut()}>
              Sign out
            </button>
          </div>
        </div>
      </header>
      <main className="site-main container section">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
