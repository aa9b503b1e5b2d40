import { useEffect, type ReactNode } from 'react';
import { Chip } from '@mui/material';
import { AppBar, Layout, Loading, TitlePortal, UserMenu, useAuthState, useGetIdentity } from 'react-admin';
import { Navigate, useLocation } from 'react-router-dom';
import { guardExternalNavigation } from '@lending/web-common/external-url';
import { LoadingBar, useApiBusy, useReloadOnNewBuild } from '@lending/web-common/react';
import { BusinessDateChip } from '../business-date/BusinessDateChip';
import { EXTERNAL_URLS } from '../external-urls';
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
      <BusinessDateChip />
      <PresenceChip />
    </AppBar>
  );
}

/**
 * The shell of spec §2: the loading bar (2000 ms, 200 ms throttle, 3 px; @lending/web-common/react) over the layout.
 * Every page in the layout needs a signed-in staff member, custom routes included: nothing below renders (not even
 * the menu, so nothing is fetched or cached) until the check passes; a failed check goes to the login page once.
 *
 * Not `useAuthState(undefined, true)`: its logout clears the query cache while this layout is still mounted (the
 * navigation is a React transition), so the check refetches, fails and logs out again, every ~20 ms, and the login
 * page waited ~12 s for Chromium to throttle the history. Signing in clears the cache instead (authProvider.login).
 */
/**
 * No page scrolls sideways (issue 28 item 2): react-admin's layout is at least as wide as its content
 * (`min-width: fit-content`), so one wide table widened the whole page. Here the layout and its content column keep
 * to the window, and a wide table scrolls inside its own box (theme.ts: the Datagrid's wrapper; the permissions table).
 */
const LAYOUT_SX = { minWidth: 0, '& .RaLayout-content': { px: 2, minWidth: 0 } } as const;

export function AdminLayout({ children }: { children: ReactNode }) {
  const { authenticated, isPending } = useAuthState();
  usePresence();
  // Spec §4: a newer build reloads the page on the next route change (lazy pages reload once if their chunk is gone).
  useReloadOnNewBuild(useLocation().pathname);
  // Spec §8: links to outside addresses not on the allow-list are refused.
  useEffect(() => guardExternalNavigation(EXTERNAL_URLS), []);
  const busy = useApiBusy();
  if (!authenticated) return isPending ? <Loading /> : <Navigate to="/login" replace />;
  return (
    <>
      <LoadingBar active={busy} color="#1976d2" />
      <Layout menu={AdminMenu} appBar={AdminAppBar} error={ErrorView} sx={LAYOUT_SX}>
        <DefaultPasswordBanner />
        {children}
      </Layout>
    </>
  );
}
