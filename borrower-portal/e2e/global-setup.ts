import { backendGlobalSetup } from '@lending/web-common/e2e/backend';
import { STAFF } from './support';

/**
 * One backend for the run (the shared harness), serving the built portal at / and the built console at /Admin (the
 * origination journey goes through both; build both first). The business date is manual (today
 * until staff set it) so overdue.e2e.ts can close a past day; it puts the date back when it is done.
 */
export default backendGlobalSetup({
  label: 'portal_e2e',
  staff: STAFF,
  serve: { BORROWER_PORTAL_DIR: 'borrower-portal/dist', ADMIN_CONSOLE_DIR: 'admin-console/dist' },
  jwtSecret: 'portal-e2e-secret-0123456789abcdef',
  env: { BUSINESS_DATE_MODE: 'manual' },
});
