import { backendGlobalSetup } from '@lending/web-common/e2e/backend';
import { apiClient } from './api';
import { BACKEND, CREDIT_OFFICER, OPS } from './users';

/** One backend for the run (the shared harness); the staff the tests sign in as are created once it listens. */
export default backendGlobalSetup(BACKEND, async (url) => {
  await apiClient(url).createStaff([OPS, CREDIT_OFFICER]);
});
