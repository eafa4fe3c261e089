import { fileURLToPath } from 'node:url';

/**
 * The @keel/server package folder. This file sits directly in src/, and its code
 * directly in dist/ once built (the build bundles the server into dist/*.js,
 * scripts/build-server.mjs): one level below the package either way, so paths
 * derived from here hold for tsx, the tests and the built server alike.
 */
export const SERVER_PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));
