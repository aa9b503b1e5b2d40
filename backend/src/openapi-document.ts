import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app/app.module.js';
import { openApiDocument } from './app/openapi.js';
import { loadConfig } from './platform/config/config.js';
import type { Runtime } from './platform/runtime.js';

/**
 * Prints the API's OpenAPI document (what /api/docs/openapi.json serves) without a database or a queue: Nest in
 * preview mode scans modules and controllers but instantiates nothing, and the document comes from the controllers'
 * decorators alone. `npm run api-types` (scripts/api-types.mjs) turns it into packages/web-common/src/api-types.ts.
 */
async function main(): Promise<void> {
  const config = loadConfig({ NODE_ENV: 'development' });
  // Preview mode never calls a provider, so the services stay absent.
  const runtime = {
    config,
    database: null,
    db: null,
    queue: null,
    keyPrefix: 'openapi',
    eventLogId: 'openapi',
    log: () => undefined,
    close: async () => undefined,
  } as unknown as Runtime;
  const app = await NestFactory.create(AppModule.forRuntime(runtime), { preview: true, logger: false, abortOnError: false });
  app.setGlobalPrefix('api');
  process.stdout.write(`${JSON.stringify(openApiDocument(app), null, 2)}\n`);
  await app.close();
}

main().catch((error: unknown) => {
  console.error(`Cannot build the OpenAPI document: ${(error as Error).message}`);
  process.exit(1);
});
