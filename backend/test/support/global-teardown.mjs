// Drops the run's template database and stops what global-setup.mjs started (containers, an embedded PostgreSQL);
// nothing more when it found running services.
export default async function globalTeardown() {
  await globalThis.__testTemplate?.drop();
  await globalThis.__testServices?.stop();
}
