import type { ReactNode } from 'react';
import { Chip } from '@mui/material';
import { AppBar, Layout, Loading, TitlePortal, useAuthState } from 'react-admin';
import { usePresence, usePresenceConnected } from '../providers/presence';
import { DefaultPasswordBanner } from './DefaultPasswordBanner';
import { ErrorView } from './ErrorView';
import { AdminMenu } from './Menu';

/** Shows whether this page holds its presence connection (what makes the user "online" for other staff). */
function PresenceChip() {
  const connected = usePresenceConnected();
  return (
    <Chip
      size="small"
      data-testid="presence"
      label={connected ? 'online' : 'connecting…'}
      color={connected ? 'success' : 'default'}
      sx={{ mr: 1, bgcolor: connected ? undefined : 'rgba(255,255,255,0.2)', color: 'inherit' }}
    />
  );
}

function AdminAppBar() {
  return (
    <AppBar>
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
