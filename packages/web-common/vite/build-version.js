// Plain JavaScript (typed by build-version.d.ts): Vite loads its config through Node, which runs no TypeScript here.
import { randomBytes } from 'node:crypto';

/**
 * One id per build, for new-build detection (src/updates.ts): baked into the bundle as `__BUILD_ID__` and written
 * to `version.json` beside index.html, which open pages poll. BUILD_ID overrides the generated id.
 * @param {string} [buildId]
 * @returns {import('vite').Plugin}
 */
export function buildVersion(buildId = process.env.BUILD_ID ?? `${new Date().toISOString()}-${randomBytes(3).toString('hex')}`) {
  return {
    name: 'lending-build-version',
    config: () => ({ define: { __BUILD_ID__: JSON.stringify(buildId) } }),
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'version.json', source: `${JSON.stringify({ version: buildId })}\n` });
    },
  };
}
