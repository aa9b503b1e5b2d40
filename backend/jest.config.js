// Nest 12 is ESM-only, so Jest runs in ESM mode (NODE_OPTIONS=--experimental-vm-modules).
import { createRequire } from 'node:module';

const swc = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
    target: 'es2022',
  },
  module: { type: 'es6' },
};

export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': ['@swc/jest', swc] },
  moduleNameMapper: {
    '^(\\.{1,2}/.*)\\.js$': '$1',
    // Jest does not read the package's export conditions the way Node does: its ESM build would import a bare .json
    // (a deprecation warning per test file). The CommonJS build is the same code and metadata.
    '^libphonenumber-js/min$': createRequire(import.meta.url).resolve('libphonenumber-js/min'),
  },
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.int-spec.ts', '<rootDir>/test/**/*.int-spec.ts'],
  // PostgreSQL and Redis for the run: the URLs, the local ports, testcontainers, else embedded PostgreSQL and no Redis.
  globalSetup: '<rootDir>/test/support/global-setup.mjs',
  globalTeardown: '<rootDir>/test/support/global-teardown.mjs',
  maxWorkers: 2,
  // ESM test files leave their module graphs behind in the worker (Nest's included): a worker that ran ~140 files
  // reached Node's heap limit and crashed the file it was running. Recycle a worker once its heap passes 1 GB.
  workerIdleMemoryLimit: '1GB',
  testTimeout: 30000,
};
