import { NavLink, Outlet, useLocation } from 'react-router';

/** The profile's sections (spec §2); only Profile has screens today, the others say when they come. */
export const PROFILE_SECTIONS = ['Profile', 'Address', 'Bank', 'Documents', 'Employment', 'Reference', 'Selfie'] as const;

export default function ProfileLayout() {
  const { pathname } = useLocation();
  return (
    <>
      <h1>Your profile</h1>
      <nav className="tabs" aria-label="Profile sections">
        {PROFILE_SECTIONS.map((section) => (
          <NavLink key={section} to={`/User/Profile/${section}`} className={({ isActive }) => (isActive || (section === 'Profile' && pathname === '/User/Profile') ? 'active' : '')}>
            {section}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </>
  );
}
