/** The console's browser-test users; the backend harness itself is shared (@lending/web-common/e2e/backend). */
/** The first staff user (administrator), who signs in to the console in the tests. */
export const STAFF = { email: 'admin@e2e.local', password: 'admin-e2e-password' };
/** Staff created by the global setup: one seeds data through the API (its own session), one has a narrow role. */
export const OPS = { name: 'Rohan Mehta', email: 'rohan.ops@e2e.local', password: 'rohan-ops-password', roleId: 'administrator' };
export const CREDIT_OFFICER = {
  name: 'Kavya Iyer',
  email: 'kavya.credit@e2e.local',
  password: 'kavya-credit-password',
  roleId: 'credit-officer',
};

/** The WhatsApp and IVR webhooks' keys in the browser tests: the tests sign the providers' messages with them. */
export const E2E_WHATSAPP_SECRET = 'e2e-whatsapp-secret-0123456789';
export const E2E_IVR_SECRET = 'e2e-ivr-secret-0123456789abcdef';

// Manual business date: the console's business-date dialog is tested (the date starts as today in Asia/Kolkata).
export const BACKEND = {
  label: 'e2e',
  staff: STAFF,
  serve: { ADMIN_CONSOLE_DIR: 'admin-console/dist' },
  jwtSecret: 'e2e-secret-0123456789abcdef',
  env: { BUSINESS_DATE_MODE: 'manual', WHATSAPP_WEBHOOK_SECRET: E2E_WHATSAPP_SECRET, IVR_WEBHOOK_SECRET: E2E_IVR_SECRET },
};
