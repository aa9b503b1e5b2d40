import type { Plugin } from 'vite';

/** Text formats worth compressing. */
export const COMPRESSIBLE: RegExp;
/** Files smaller than this (bytes) are left alone. */
export const DEFAULT_THRESHOLD: number;

/** Writes `.br` and `.gz` beside each compressible file of `dir` of at least `threshold` bytes; see precompress.js. */
export function precompressDirectory(
  dir: string,
  options?: { threshold?: number },
): Promise<{ file: string; bytes: number; br?: number; gz?: number }[]>;

/** A Vite build plugin precompressing the output directory (brotli and gzip); see precompress.js. */
export function precompress(options?: { threshold?: number }): Plugin;
