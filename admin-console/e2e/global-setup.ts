import { apiClient } from './api';
import { CREDIT_OFFICER, OPS, startBackend } from './backend';

/** One backend for the run; its URL reaches the tests through the environment (workers inherit it). */
export default async function globalSetup() {
  const backend = await startBackend('e2e');
  process.env.E2E_BASE_URL = backend.url;
  await apiClient(backend.url).createStaff([OPS, CREDIT_OFFICER]);
  return async () => backend.stop();
}
