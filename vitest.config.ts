import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

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
      {
        test: {
          name: 'web',
          include: ['apps/web/app/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['apps/web/vitest.setup.ts'],
          // A ceiling, not a speed check: a form test that types and submits took 5.3 s beside a busy server pass.
          testTimeout: 20_000,
        },
        // As in any build but the demo's (apps/web/vite.config.ts): no demo wallet.
        define: { __KEEL_DEMO_WALLET_KEY__: JSON.stringify('') },
        resolve: {
          conditions: ['source'],
          alias: { '~': fileURLToPath(new URL('./apps/web/app', import.meta.url)) },
        },
        // A file under `@vitest-environment node` resolves like the server: core from its source too (a fresh
        // clone tests before it builds, so core's dist does not exist yet).
        ssr: { resolve: { conditions: ['source'] } },
      },
    ],
  },
});
