import type { Config } from '@react-router/dev/config';
// Relative to the source: the config is loaded before any workspace is built.
import { PRERENDERED_PATHS, SIGNED_IN_FRAME_PATHS } from '../../packages/core/src/paths';

export default {
  appDirectory: 'app',
  // A static SPA served by the Keel server: public pages are prerendered to
  // HTML at build time, and so are the frames of a few signed-in pages
  // (SIGNED_IN_FRAME_PATHS); everything else renders on the client.
  ssr: false,
  // `npm run demo` builds its own web app (with the demo wallet) beside the production one, never over it.
  buildDirectory: process.env.KEEL_DEMO_WALLET_KEY ? 'build-demo' : 'build',
  prerender: [...PRERENDERED_PATHS, ...SIGNED_IN_FRAME_PATHS],
} satisfies Config;
