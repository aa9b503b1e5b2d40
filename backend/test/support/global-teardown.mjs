// Stops what global-setup.mjs started (containers, an embedded PostgreSQL); nothing when it found running services.
export default async function globalTeardown() {
  await globalThis.__testServices?.stop();
}
