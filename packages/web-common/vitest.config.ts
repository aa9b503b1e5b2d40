import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The apps' builds define the build id (vite/build-version.ts); the tests use a fixed one.
  define: { __BUILD_ID__: JSON.stringify('test-build') },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test-setup.ts'],
    include: ['src/**/*.spec.{ts,tsx}', 'vite/**/*.spec.ts'],
  },
});
