/** Replaced at build time (vite.config.ts): the demo wallet's key in `npm run demo`'s web build, '' in every other. */
declare const __KEEL_DEMO_WALLET_KEY__: '' | `0x${string}`;
