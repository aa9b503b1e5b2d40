import { startBackend } from './backend';

/** One backend for the run; its URL reaches the tests through the environment. */
export default async function globalSetup() {
  const backend = await startBackend('portal_e2e');
  process.env.E2E_BASE_URL = backend.url;
  return async () => backend.stop();
}
