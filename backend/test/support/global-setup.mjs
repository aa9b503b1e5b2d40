// Jest's global setup: finds or starts the run's PostgreSQL and Redis once (test-services.ts, TypeScript loaded through
// ts-hooks.mjs) and hands them to the test workers through the environment; then migrates the run's template database
// once (test-database.ts): each test database at the latest migration is a copy of it (TEST_TEMPLATE_DATABASE).
// global-teardown.mjs drops the template and stops what this started.
import { register } from 'node:module';

register('./ts-hooks.mjs', import.meta.url);

export default async function globalSetup() {
  const { resolveTestServices } = await import('./test-services.ts');
  const inherited = Boolean(process.env.TEST_SERVICES_RESOLVED);
  const services = await resolveTestServices();
  Object.assign(process.env, services.env);
  globalThis.__testServices = services;
  // scripts/test-all.mjs printed the line already when it resolved the services for every suite.
  if (!inherited) console.log(`\n${services.summary}`);
  const { createTemplateDatabase, TEMPLATE_DATABASE_VARIABLE } = await import('./test-database.ts');
  try {
    const template = await createTemplateDatabase();
    globalThis.__testTemplate = template;
    process.env[TEMPLATE_DATABASE_VARIABLE] = template.name;
  } catch (error) {
    await services.stop();
    throw error;
  }
}
