import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defaultServerConditions, defineConfig } from 'vite';

const PUBLIC_SHELL_KIT =
  /apps[\\/]web[\\/]app[\\/](components[\\/](logo|lazy-toaster|auth-links|header-auth|theme-toggle|ui[\\/](button|spinner|skeleton|sidebar|shell-icons))|lib[\\/](cn|toast|theme|site-settings)|hooks[\\/](use-is-mobile|use-scroll-to-section))\.tsx?$|packages[\\/]core[\\/]src[\\/](paths|constants)\.ts$|node_modules[\\/]clsx[\\/]/;

/**
 * Set only by `npm run demo` (scripts/demo): a demo build, written to
 * build-demo/, whose wallet panel offers the funded demo wallet. Any other
 * build gets '' and no demo wallet code (docs/decisions/010).
 */
const DEMO_WALLET_KEY = process.env.KEEL_DEMO_WALLET_KEY ?? '';
if (DEMO_WALLET_KEY !== '' && !/^0x[0-9a-fA-F]{64}$/.test(DEMO_WALLET_KEY)) {
  throw new Error('KEEL_DEMO_WALLET_KEY must be a 0x-prefixed 32-byte hex key');
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  define: {
    __KEEL_DEMO_WALLET_KEY__: JSON.stringify(DEMO_WALLET_KEY),
    // The year the prerendered footer shows until the browser's clock takes over (lib/site-settings.ts).
    __KEEL_BUILD_YEAR__: JSON.stringify(new Date().getFullYear()),
  },
  resolve: {
    conditions: ['source', ...defaultClientConditions],
    alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) },
  },
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
  build: {
    manifest: true,
    sourcemap: false,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // The small shared modules every public page needs ride in one chunk
        // instead of a dozen tiny requests (docs/decisions/002). React stays
        // in its own chunks: no vendor grouping.
        codeSplitting: {
          groups: [{ name: 'public-shell-kit', test: PUBLIC_SHELL_KIT }],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
});
