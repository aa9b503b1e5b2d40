import { buildVersion, precompress } from '@lending/web-common/vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const api = process.env.API_URL ?? 'http://localhost:3000';

/**
 * The page's HTML asks for a lazily imported chunk (with its imports and stylesheets) beside the entry, so it is not
 * fetched only once the entry has run: the root (React, the sign-in form), which every visit needs (main.tsx).
 */
function preloadFromHtml(chunkName: string): Plugin {
  let base = '/';
  return {
    name: 'admin-console:preload-from-html',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const chunk = Object.values(bundle ?? {}).find((c) => c.type === 'chunk' && c.name === chunkName);
        if (chunk?.type !== 'chunk') throw new Error(`no chunk named ${chunkName} to preload`);
        return [
          ...[...chunk.imports, chunk.fileName]
            .filter((file) => !html.includes(file))
            .map((file) => ({
              tag: 'link',
              attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file}` },
              injectTo: 'head' as const,
            })),
          ...[...(chunk.viteMetadata?.importedCss ?? [])].map((file) => ({
            tag: 'link',
            attrs: { rel: 'stylesheet', crossorigin: true, href: `${base}${file}` },
            injectTo: 'head' as const,
          })),
        ];
      },
    },
  };
}

// Served by the backend under /Admin (npm start); `npm run dev` proxies the API and the presence socket to it.
export default defineConfig({
  base: '/Admin/',
  // precompress: .br and .gz beside each text asset, served by the backend with Content-Encoding.
  // buildVersion: /Admin/version.json and the build id, for new-build detection (spec §4).
  plugins: [react(), buildVersion(), precompress(), preloadFromHtml('Root')],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: api, changeOrigin: true },
      '/socket.io': { target: api, ws: true, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'index', test: /src[\\/]main\.tsx$/, priority: 3 },
            { name: 'Root', test: /src[\\/]Root\.tsx$/, priority: 2 },
            { name: 'Console', test: /src[\\/]Console\.tsx$/, priority: 1 },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.spec.{ts,tsx}'],
  },
});
