import type { ReactNode } from 'react';
import { Chip } from '@mui/material';
import { AppBar, Layout, Loading, TitlePortal, UserMenu, useAuthState, useGetIdentity } from 'react-admin';
import { usePresence, usePresenceConnected } from '../providers/presence';
import { DefaultPasswordBanner } from './DefaultPasswordBanner';
import { ErrorView } from './ErrorView';
import { AdminMenu } from './Menu';

/**
 * Shows whether this page holds its presence connection (what makes the user "online" for other staff). No colour
 * transition, and a darkening tint while connecting: the white text stays above 4.5:1 on the app bar throughout.
 */
function PresenceChip() {
  const connected = usePresenceConnected();
  return (
    <Chip
      size="small"
      data-testid="presence"
      label={connected ? 'online' : 'connecting…'}
      color={connected ? 'success' : 'default'}
      sx={{ mr: 1, bgcolor: connected ? undefined : 'rgba(0,0,0,0.25)', color: connected ? undefined : 'inherit', transition: 'none' }}
    />
  );
}

/**
 * react-admin's user menu button shows the staff member's name but is named "Profile" for assistive technology; WCAG
 * 2.5.3 (label in name) wants the visible name inside the accessible one.
 */
function AccountMenu() {
  const { identity } = useGetIdentity();
  return <UserMenu label={identity?.fullName ? `${identity.fullName}, account menu` : 'Account menu'} />;
}

function AdminAppBar() {
  return (
    <AppBar userMenu={<AccountMenu />}>
      <TitlePortal />
      <PresenceChip />
    </AppBar>
  );
}

/**
 * Every page in the layout needs a signed-in staff member, custom routes included: nothing below renders (and so
 * nothing is fetched) until the check passes; a failed check signs out to the login page.
 */
export function AdminLayout({ children }: { children: ReactNode }) {
  const { authenticated } = useAuthState(undefined, true);
  usePresence();
  return (
    <Layout menu={AdminMenu} appBar={AdminAppBar} error={ErrorView} sx={{ '& .RaLayout-content': { px: 2 } }}>
      {authenticated ? (
        <>
          <DefaultPasswordBanner />
          {children}
        </>
      ) : (
        <Loading />
      )}
    </Layout>
  );
}
