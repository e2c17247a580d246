// Types for tests/support/server-bundle.mjs.
/** Bundles server/src/main.ts once (esbuild); returns the bundle's path. */
export function bundleServer(): Promise<string>;
