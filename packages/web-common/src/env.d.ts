/// <reference types="vite/client" />

/** The build's id, defined by each app's Vite build (vite/build-version.ts) and written to its version.json. */
declare const __BUILD_ID__: string;
