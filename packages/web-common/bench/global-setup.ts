import { randomBytes } from 'node:crypto';
import { backendGlobalSetup } from '../e2e/backend';
import { BENCH_STAFF } from './figures';

/** One backend for the benchmark, serving the built console at /Admin and the built portal at /, on a fresh database. */
export default backendGlobalSetup({
  label: 'bench_frontend',
  staff: BENCH_STAFF,
  serve: { ADMIN_CONSOLE_DIR: 'admin-console/dist', BORROWER_PORTAL_DIR: 'borrower-portal/dist' },
  // A secret of its own per run: a literal here would be a published secret (production-credentials.spec.ts).
  jwtSecret: randomBytes(24).toString('hex'),
});
