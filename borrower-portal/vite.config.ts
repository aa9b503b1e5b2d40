import { buildVersion, precompress } from '@lending/web-common/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const api = process.env.API_URL ?? 'http://localhost:3000';

// Served by the backend at / (npm start); `npm run dev` proxies the API and the presence socket to it.
export default defineConfig({
  base: '/',
  // precompress: .br and .gz beside each text asset, served by the backend with Content-Encoding.
  // buildVersion: version.json and the build id for new-build detection (spec §4).
  plugins: [react(), buildVersion(), precompress()],
  server: {
    port: 5174,
    strictPort: true,
    proxy: {
      '/api': { target: api, changeOrigin: true },
      '/socket.io': { target: api, ws: true, changeOrigin: true },
    },
  },
  build: { outDir: 'dist', emptyOutDir: true },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.spec.{ts,tsx}'],
  },
});
