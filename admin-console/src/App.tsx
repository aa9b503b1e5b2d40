import { GrievanceReportPage } from './grievances/GrievanceReportPage';
import { lazy } from 'react';
import { getToken } from '@lending/web-common/session';
import { withChunkRecovery } from '@lending/web-common/updates';
import { Admin, CustomRoutes, Notification, Resource } from 'react-admin';
import { Navigate, Route } from 'react-router-dom';
import { Dashboard } from './dashboard/Dashboard';
import { AdminLayout } from './layout/AdminLayout';
import { ErrorView } from './layout/ErrorView';
import { LoginPage } from './layout/LoginPage';
import { NotFound } from './layout/NotFound';
import { theme } from './layout/theme';
import { loanRoutes } from './loans/LoanRoutes';
import { collectionRoutes } from './collections/CollectionRoutes';
import { channelRoutes } from './channels/ChannelRoutes';
import { answerAuthCheckFromToken, authProvider, signedInUser } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { i18nProvider } from './providers/i18nProvider';
import { queryClient } from './providers/queryClient';
import payments from './payments';
import banners from './banners';
import issues from './issues';
import erasureRequests from './erasure-requests';
import statePages from './state-pages';
import emailTemplates, { EmailTemplateCreate, EmailTemplateEdit } from './email-templates';
import emails, { EmailShow } from './emails';
import products from './products';
import users from './users';
import { agentLeads, leads } from './leads';
import customers, { CustomerShow } from './customers';
import sms from './sms';
import phoneCollisions from './phones';
import agreements, { AgreementShow } from './agreements';
import { mandateBounces, mandatePresentations, mandates } from './mandates';
import bureauRuns from './bureau';
import { accounts, journalEntries, manualEntries, PeriodsPage, ReconciliationPage, TrialBalancePage } from './accounting';

// Pages load on first visit; react-admin's layout shows its loader meanwhile (Suspense in <Layout>). Not the dashboard,
// the console's home page: lazy, it cost a chunk and its six shared ones (each a request to a busy server), and its
// Suspense boundary revealed it only after a retry render that the menu's updates kept interrupting (issue 11).

const ProfilePage = lazy(() => withChunkRecovery(import('./profile/ProfilePage')).then((m) => ({ default: m.ProfilePage })));
const BusinessDatePage = lazy(() =>
  withChunkRecovery(import('./business-date/BusinessDatePage')).then((m) => ({ default: m.BusinessDatePage })),
);
const PermissionsPage = lazy(() => withChunkRecovery(import('./users/PermissionsPage')).then((m) => ({ default: m.PermissionsPage })));

// Signed in, the staff member (permissions decide the menu and the queue counts) is wanted at once: the request the
// entry chunk started (providers/startup-requests.ts), else a new one. The auth check's answer is known already.
if (getToken()) signedInUser().catch(() => undefined);
answerAuthCheckFromToken();

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
      i18nProvider={i18nProvider}
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
      <Resource name="Payments" {...payments} />
      <Resource name="Mandates" {...mandates} />
      <Resource name="MandatePresentations" {...mandatePresentations} options={{ label: 'Presentations' }} />
      <Resource name="MandateBounces" {...mandateBounces} options={{ label: 'Bounced' }} />
      <Resource name="Accounts" {...accounts} options={{ label: 'Chart of accounts' }} />
      <Resource name="JournalEntries" {...journalEntries} options={{ label: 'Journal entries' }} />
      <Resource name="ManualEntries" {...manualEntries} options={{ label: 'Manual entries' }} />
      <Resource name="LoanAgreements" {...agreements} options={{ label: 'Loan agreements' }} />
      <Resource name="BureauRuns" {...bureauRuns} options={{ label: 'Bureau reporting' }} />
      <Resource name="Banners" {...banners} />
      <Resource name="StatePages" {...statePages} options={{ label: 'State pages' }} />
      <Resource name="Issues" {...issues} />
      <Resource name="Leads" {...leads} options={{ label: 'Leads' }} />
      <Resource name="agentLeads" {...agentLeads} options={{ label: 'My leads' }} />
      <Resource name="Customers" {...customers}>
        <Route path=":id" element={<CustomerShow />} />
      </Resource>
      <Resource name="PhoneCollisions" {...phoneCollisions} options={{ label: 'Phones to review' }} />
      <Resource name="ErasureRequests" {...erasureRequests} options={{ label: 'Erasure requests' }} />
      <Resource name="Sms" {...sms} options={{ label: 'SMS log' }} />
      <Resource name="Emails" {...emails}>
        <Route path=":id" element={<EmailShow />} />
      </Resource>
      {/* The spec's paths for the editor: Add and update/{id} (react-admin's would be /create and /{id}). */}
      <Resource name="EmailTemplates" {...emailTemplates}>
        <Route path="Add" caseSensitive element={<EmailTemplateCreate />} />
        <Route path="update/:id" caseSensitive element={<EmailTemplateEdit />} />
      </Resource>
      <CustomRoutes>
        <Route path="/Dashboard" caseSensitive element={<Dashboard />} />
        <Route path="/Agreement/:id" caseSensitive element={<AgreementShow />} />
        <Route path="/Profile" caseSensitive element={<ProfilePage />} />
        <Route path="/BusinessDate" caseSensitive element={<BusinessDatePage />} />
        <Route path="/TrialBalance" caseSensitive element={<TrialBalancePage />} />
        <Route path="/Reconciliation" caseSensitive element={<ReconciliationPage />} />
        <Route path="/Periods" caseSensitive element={<PeriodsPage />} />
        <Route path="/Grievances" caseSensitive element={<GrievanceReportPage />} />
        {loanRoutes}
        {collectionRoutes}
        {channelRoutes}
      </CustomRoutes>
    </Admin>
  );
}
