/** Set by vite.config.ts `define`; absent in unit tests (Vitest does not read that config). */
declare const __KEEL_BUILD_YEAR__: number | undefined;
