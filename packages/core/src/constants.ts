/**
 * Every product limit, timing and figure lives here, so components and services never
 * carry magic numbers of their own.
 */
export const BASE_CHAIN_ID = 8453;
/**
 * How often the browser asks whether a transaction or UserOperation is in a block (viem's default is 4 s). Base makes
 * a block every 2 s, so at 1 s a saver learns of a confirmed deposit up to 3 s sooner, for one light call a second.
 */
export const RECEIPT_POLLING_MS = 1_000;

export const EMAIL_MAX_LENGTH = 254;
export const PASSWORD_MIN_LENGTH = 8;
/** Server-side cap so a megabyte "password" cannot tie up the hasher. */
export const PASSWORD_MAX_LENGTH = 128;
export const FULL_NAME_MAX_LENGTH = 100;

export const MINUTE_MS = 60_000;

export const RATE_LIMITS = {
  signIn: { max: 5, windowMs: 900_000 },
  signUp: { max: 3, windowMs: 1_800_000 },
  passwordReset: { max: 3, windowMs: 1_800_000 },
  verificationResend: { max: 3, windowMs: 1_800_000 },
} as const;

export const SUCCESS_RESET_MS = 3_000;
export const SIMULATED_TRANSFER_MS = 2_000;
export const VERIFICATION_REDIRECT_MS = 2_000;

export const TOAST_DURATION_MS = 4_000;
export const TOAST_VISIBLE_MAX = 3;

export const QUERY_CACHE_MS = 24 * 60 * MINUTE_MS;

export const TICKER = {
  periodMs: 5_000,
  start: { everydayCash: 5.6, smartSavings: 8.2, growthReserve: 23.4 },
  drift: { everydayCash: 0.1, smartSavings: 0.15, growthReserve: 0.5 },
} as const;

export const SIDEBAR = {
  widthDesktop: '16rem',
  widthMobile: '18rem',
  widthIcon: '3rem',
  cookieName: 'sidebar_state',
  cookieMaxAgeSeconds: 7 * 24 * 60 * 60,
  mobileBreakpointPx: 768,
  shortcutKey: 'b',
} as const;

export const ADDRESS_DISPLAY = { head: 6, tail: 4 } as const;

/** A wallet-link message (EIP-4361) and its server nonce expire this long after they are issued. */
export const WALLET_LINK_TTL_MS = 10 * MINUTE_MS;
/** The canonical Multicall3 address (the same on Base and every major chain). */
export const MULTICALL3_ADDRESS = '0xcA11bde05977b3631167028862bE2a173976CA11';

export const DEPOSIT_DIALOG = {
  minimumUsd: 10,
  estimatedGasUsd: 0.05,
  simulatedBalanceUsd: 5240.5,
} as const;

export const BONUS = {
  amountUsd: 10,
  minimumDepositUsd: 100,
  perUser: 1,
  endsLabel: 'Sept 1st',
} as const;

export const ADVERTISED_APY = { min: 5, max: 30 } as const;

export const PERFORMANCE_RANGES = [
  { id: '7d', label: '7 Days' },
  { id: '30d', label: '30 Days' },
  { id: '90d', label: '90 Days' },
  { id: '1y', label: '1 Year' },
  { id: 'all', label: 'All Time' },
] as const;
export type PerformanceRangeId = (typeof PERFORMANCE_RANGES)[number]['id'];
export const DEFAULT_PERFORMANCE_RANGE: PerformanceRangeId = '30d';
export const DAY_MS = 24 * 60 * MINUTE_MS;
/** Length of each range in ms; 'all' has none (since the first event). */
export const PERFORMANCE_RANGE_MS: Readonly<Record<PerformanceRangeId, number | null>> = {
  '7d': 7 * DAY_MS,
  '30d': 30 * DAY_MS,
  '90d': 90 * DAY_MS,
  '1y': 365 * DAY_MS,
  all: null,
};
/** The indexer records each vault's share price at least this often (and at every block with events). */
export const SHARE_PRICE_SNAPSHOT_MS = 60 * MINUTE_MS;
/** A realised APY needs at least this much history: annualising minutes says nothing. */
export const REALISED_APY_MIN_WINDOW_MS = DAY_MS;
/** Recent Activity on the performance page shows this many rows (the CSV has them all). */
export const RECENT_ACTIVITY_ROWS = 20;

/** Request bodies above this are refused with 413 before any parsing. */
export const MAX_REQUEST_BODY_BYTES = 64 * 1024;
export const CONTACT_LIMITS = { name: 100, subject: 200, message: 5000 } as const;
