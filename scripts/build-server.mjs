#!/usr/bin/env node
// npm run build -w @keel/server: bundles the server into apps/server/dist: one bundle starts far faster than ~1,500 modules.
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

/**
 * zod re-exports every language's error messages as `z.locales` (~360 KB of the bundle's 3 MB); Keel
 * and the packages it bundles only ever use English, which zod installs itself from locales/en.js.
 * Resolving zod's locales index to English alone keeps the other languages out of what a start parses.
 */
const ZOD_ENGLISH_ONLY = {
  name: 'zod-english-only',
  setup(builder) {
    builder.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]node_modules[\\/]zod[\\/]v4[\\/]/.test(args.importer)
        ? { path: path.join(path.dirname(args.importer), '../locales/index.js'), namespace: 'zod-english-only' }
        : undefined,
    );
    builder.onLoad({ filter: /.*/, namespace: 'zod-english-only' }, (args) => ({
      contents: `export { default as en } from ${JSON.stringify(path.join(path.dirname(args.path), 'en.js'))};`,
      resolveDir: path.dirname(args.path),
      loader: 'js',
    }));
  },
};

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
  // A start parses every statically imported byte (~3 MB): without the whitespace and with shorter syntax
  // it is ~25 % less to read. Names stay as written, so a stack trace still names the function; the source
  // map gives the src/ line. Measured with ZOD_ENGLISH_ONLY, 30 alternated restarts on an
  // existing PostgreSQL database: 811 → 750 ms to the first healthy answer (docs/performance-log.md, "what a restart
  // does before its first answer, and how noisy one web run is").
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: 'warning',
  plugins: [ZOD_ENGLISH_ONLY],
});
// What went into the bundle, by input file and size (esbuild's analyser reads it): kept out of the image's way in dist/.
writeFileSync(path.join(OUT_DIR, 'meta.json'), JSON.stringify(result.metafile));
