#!/usr/bin/env node
// npm run build -w @keel/server: bundles the server into apps/server/dist (issue 13, cold start).
//
// Loading the server as ~1,500 separate modules (viem, Better Auth, zod, drizzle…)
// cost more than a second before any database work; one tree-shaken bundle loads
// only the code the server uses and resolves no package at start-up. Two entry
// points share their code through chunks: dist/main.js (the server) and
// dist/deposits.js (the operator command). Code reached only through a dynamic
// import() (the PGlite driver, nodemailer, drivers Better Auth never picks) stays
// in its own chunk and loads when first used.
//
// Every output file sits directly in dist/, one level below the package, like
// src/server-paths.ts in src/: the migrations folder and the web build are found
// from there. Types are checked by `npm run typecheck`, not here.
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const SERVER_DIR = fileURLToPath(new URL('../apps/server/', import.meta.url));
const OUT_DIR = path.join(SERVER_DIR, 'dist');

/**
 * Left to Node at run time: PGlite finds its WASM and data files next to its own
 * module (import.meta.url); pino may start worker threads for transports by file
 * name; pg-native is pg's optional native binding, not installed.
 */
const EXTERNAL = ['@electric-sql/pglite', '@electric-sql/pglite/*', 'pino', 'pg-native'];

rmSync(OUT_DIR, { recursive: true, force: true });
const result = await build({
  absWorkingDir: SERVER_DIR,
  entryPoints: { main: 'src/main.ts', deposits: 'src/cli/deposits.ts' },
  outdir: OUT_DIR,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  external: EXTERNAL,
  // Bundled CommonJS packages (pg, proxy-addr…) call require() for Node's own modules.
  banner: {
    js: "import { createRequire as __keelCreateRequire } from 'node:module'; const require = __keelCreateRequire(import.meta.url);",
  },
  // Stack traces name src/ files and lines (node --enable-source-maps); the sources themselves stay out of the map.
  sourcemap: true,
  sourcesContent: false,
  metafile: true,
  logLevel: 'warning',
});
// What went into the bundle, by input file and size (esbuild's analyser reads it): kept out of the image's way in dist/.
writeFileSync(path.join(OUT_DIR, 'meta.json'), JSON.stringify(result.metafile));
