export { buildVersion } from './build-version.js';
export { precompress, precompressDirectory } from './precompress.js';
