import { useEffect, useMemo, useState } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { listSections, type Section } from '../../../api/profile';
import { useAsync } from '../../../components/useAsync';
import type { ProfileOutlet } from './section-saved';

/** The profile's sections (spec §2), each with where it stands. */
export const PROFILE_SECTIONS = ['Profile', 'Address', 'Bank', 'Documents', 'Employment', 'Reference', 'Selfie'] as const;

const MARK: Record<Section['status'], string> = { missing: 'to do', complete: 'saved', verified: 'verified', rejected: 'needs attention' };

export default function ProfileLayout() {
  const { pathname } = useLocation();
  const [saves, setSaves] = useState(0);
  // Fetched again on every section change and after every save (useSectionSaved), so a tab's mark follows at once.
  const sections = useAsync((signal) => listSections(signal), [pathname, saves]);
  // The section whose page just had an upload refused: its tab says so rather than "saved", until it leaves the page.
  const [refused, setRefused] = useState(false);
  useEffect(() => setRefused(false), [pathname]);
  const outlet = useMemo<ProfileOutlet>(() => ({ sectionSaved: () => setSaves((n) => n + 1), uploadRefused: setRefused }), []);
  const status = (name: string) => sections.data?.find((s) => s.section === name.toLowerCase());
  const mark = (name: string, s: Section) => (refused && pathname === `/User/Profile/${name}` ? 'upload not saved' : MARK[s.status]);
  return (
    <>
      <h1>Your profile</h1>
      <nav className="tabs" aria-label="Profile sections">
        {PROFILE_SECTIONS.map((section) => {
          const s = status(section);
          return (
            <NavLink
              key={section}
              to={`/User/Profile/${section}`}
              className={({ isActive }) =>
                `${isActive || (section === 'Profile' && pathname === '/User/Profile') ? 'active' : ''} ${s ? `tab--${s.status}` : ''}`.trim()
              }
            >
              {section}
              {s ? <span className="tab__status"> ({mark(section, s)})</span> : null}
            </NavLink>
          );
        })}
      </nav>
      <Outlet context={outlet} />
      <p className="muted">
        <Link to="/User/Consents">Your consents</Link>: what you agreed to and when, and withdrawing a consent.
      </p>
      <p className="muted">
        <Link to="/User/Data">Your data</Link>: download everything we hold about you, or ask us to erase it.
      </p>
    </>
  );
}
