import { QueryClient } from '@tanstack/react-query';
import { lazy } from 'react';
import { withChunkRecovery } from '@lending/web-common/updates';
import { Admin, CustomRoutes, Notification, Resource } from 'react-admin';
import { Navigate, Route } from 'react-router-dom';
import { AdminLayout } from './layout/AdminLayout';
import { ErrorView } from './layout/ErrorView';
import { LoginPage } from './layout/LoginPage';
import { NotFound } from './layout/NotFound';
import { theme } from './layout/theme';
import { loanRoutes } from './loans/LoanRoutes';
import { authProvider } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import products from './products';
import users from './users';

// Pages load on first visit; react-admin's layout shows its loader meanwhile (Suspense in <Layout>).
const Dashboard = lazy(() => withChunkRecovery(import('./dashboard/Dashboard')).then((m) => ({ default: m.Dashboard })));
const ProfilePage = lazy(() => withChunkRecovery(import('./profile/ProfilePage')).then((m) => ({ default: m.ProfilePage })));
const PermissionsPage = lazy(() => withChunkRecovery(import('./users/PermissionsPage')).then((m) => ({ default: m.PermissionsPage })));

const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 2000, refetchOnWindowFocus: true, retry: (count, error) => count < 1 && !(error as { status?: number }).status } } });

/** Toasts top-right, as the specification's shell places them. */
function TopRightNotification() {
  return <Notification anchorOrigin={{ vertical: 'top', horizontal: 'right' }} />;
}

function Home() {
  return <Navigate to="/Dashboard" replace />;
}

/** The admin console: paths are those of the spec under /Admin (the router's basename, see main.tsx). */
export function App() {
  return (
    <Admin
      title="Lending admin"
      dataProvider={dataProvider}
      authProvider={authProvider}
      queryClient={queryClient}
      layout={AdminLayout}
      notification={TopRightNotification}
      loginPage={LoginPage}
      dashboard={Home}
      catchAll={NotFound}
      error={ErrorView}
      theme={theme}
      disableTelemetry
    >
      <Resource name="Users" {...users}>
        <Route path="Permissions" caseSensitive element={<PermissionsPage />} />
        <Route path="Profile" caseSensitive element={<ProfilePage />} />
      </Resource>
      <Resource name="Roles" recordRepresentation="name" />
      <Resource name="Permissions" />
      <Resource name="loans" />
      <Resource name="Products" {...products} />
      <CustomRoutes>
        <Route path="/Dashboard" caseSensitive element={<Dashboard />} />
        <Route path="/Profile" caseSensitive element={<ProfilePage />} />
        {loanRoutes}
      </CustomRoutes>
    </Admin>
  );
}
