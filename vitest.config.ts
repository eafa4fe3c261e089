import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const WEB_APP = fileURLToPath(new URL('./apps/web/app', import.meta.url));
const webTestFiles = readdirSync(WEB_APP, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => `apps/web/app/${file}`);
/** A file that replaces a module (vi.mock) needs a module graph of its own: a shared one has the real module cached. */
const replacesModules = (file: string) => /\bvi\.(mock|doMock)\(/.test(readFileSync(file, 'utf8'));

/**
 * The component tests, in two projects by one rule, both sharing a worker between files (`isolate: false`):
 * importing React, the router and the app's modules, and making a happy-dom window, again for every file was most
 * of the web tests' CPU. Files that replace no module share one module graph per worker (118 CPU-seconds for 272
 * tests, 78 without). Files that call vi.mock empty the module cache before their imports (vitest.fresh-modules.ts),
 * so each gets its own replacements and nobody else's: 12-13 s alone instead of 35-40 s with a graph per file.
 */
function webProject(name: string, include: string[], freshModules: boolean): TestProjectInlineConfiguration {
  return {
    test: {
      name,
      include,
      isolate: false,
      environment: 'happy-dom',
      setupFiles: [...(freshModules ? ['apps/web/vitest.fresh-modules.ts'] : []), 'apps/web/vitest.setup.ts'],
      // A ceiling, not a speed check: a form test that types and submits took 5.3 s beside a busy server pass.
      testTimeout: 20_000,
    },
    // As in any build but the demo's (apps/web/vite.config.ts): no demo wallet.
    define: { __KEEL_DEMO_WALLET_KEY__: JSON.stringify('') },
    resolve: { conditions: ['source'], alias: { '~': WEB_APP } },
    // A file under `@vitest-environment node` resolves like the server: core from its source too (a fresh
    // clone tests before it builds, so core's dist does not exist yet).
    ssr: { resolve: { conditions: ['source'] } },
  };
}

export default defineConfig({
  test: {
    // PGlite boots are memory-hungry: two files at a time on 2 cores.
    maxWorkers: 2,
    projects: [
      {
        test: { name: 'core', include: ['packages/core/src/**/*.test.ts'], environment: 'node' },
        resolve: { conditions: ['source'] },
      },
      {
        test: {
          name: 'server',
          // Test files in a worker share one module graph: each file importing the whole server again (Better
          // Auth, drizzle, viem, hono) took ~280 of the PGlite run's CPU-seconds, ~30 without. Every file builds
          // its own app, database and chain (test-support), so nothing a test changes outlives its file; the
          // suite passed with its files shuffled (--sequence.shuffle.files) before this was turned on.
          isolate: false,
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          globalSetup: ['apps/server/src/test-support/pglite-template-global.ts'],
          setupFiles: ['apps/server/src/test-support/pglite-template-setup.ts'],
        },
        resolve: { conditions: ['source'] },
        ssr: { resolve: { conditions: ['source'] } },
      },
      webProject(
        'web',
        webTestFiles.filter((file) => !replacesModules(file)),
        false,
      ),
      webProject('web (module mocks)', webTestFiles.filter(replacesModules), true),
    ],
  },
});
