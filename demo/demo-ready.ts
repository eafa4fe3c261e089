import type { Address } from 'viem';

/** The line `npm run demo` prints once everything is up, for a test (e2e/demo.spec.ts) to read. */
export const READY_MARKER = 'KEEL_DEMO_READY ';

export type DemoReady = {
  appUrl: string;
  rpcUrl: string;
  email: string;
  password: string;
  wallet: Address;
  usdc: Address;
  vaults: { everydayCash: Address; smartSavings: Address; growthReserve: Address };
  /** The server's and anvil's process ids: gone once the demo has stopped. */
  pids: number[];
  dataDir: string;
};
