import type { Plugin } from 'vite';

/** The build id (`__BUILD_ID__`) and `version.json` for new-build detection; see build-version.js. */
export function buildVersion(buildId?: string): Plugin;
