import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Address } from '@keel/core/address';
import { addressSchema } from '@keel/core/schemas';
import { DEFAULT_LEGAL_ENTITY, LEGAL_ENTITY_PATTERN } from '@keel/core/site-settings';
import proxyAddr from 'proxy-addr';
import { z } from 'zod';
import { SERVER_PACKAGE_DIR } from './server-paths.js';

/**
 * Runtime configuration, parsed once at boot. Nothing else reads process.env:
 * everything flows from the object this returns.
 */
const DEFAULT_VAULTS = {
  everydayCash: '0x616a4e1db48e22028f6bbf20444cd3b8e3273738',
  smartSavings: '0xbeef010f9cb27031ad51e3333f9af9c6b1228183',
  growthReserve: '0x7bfa7c4f149e7415b73bdedfe609237e29cbf34a',
} as const;

/**
 * Who manages each default vault (its curator), as its public listing names it. Applied only while the
 * address is the default one: another contract's curator is unknown unless configured.
 */
const DEFAULT_CURATORS: Record<string, string> = {
  [DEFAULT_VAULTS.everydayCash]: 'Gauntlet',
  [DEFAULT_VAULTS.smartSavings]: 'Steakhouse Financial',
  [DEFAULT_VAULTS.growthReserve]: 'Spark',
};

const curatorName = z
  .string()
  .trim()
  .regex(/^[\p{L}\p{N} .,'&()-]{1,60}$/u, "must be 1-60 letters, digits, spaces or . , ' & ( ) -");

const address = addressSchema('must be a 0x-prefixed 20-byte hex address');

const positiveInt = z.coerce.number().int().positive();

function splitList(value: string): string[] {
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

function isValidProxyList(value: string): boolean {
  try {
    proxyAddr.compile(splitList(value));
    return true;
  } catch {
    return false;
  }
}

/** A CDP secret API key as its portal shows it: an EC key in PEM, or base64 of an Ed25519 key's 64 bytes. */
function isCdpKeySecret(value: string): boolean {
  const text = value.replace(/\\n/g, '\n').trim();
  if (text.startsWith('-----BEGIN')) return text.includes('PRIVATE KEY-----');
  return /^[A-Za-z0-9+/]+={0,2}$/.test(text) && Buffer.from(text, 'base64').length === 64;
}

/** A bind address only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^127(\.\d{1,3}){3}$/.test(bare) || /^::ffff:127(\.\d{1,3}){3}$/.test(bare);
}

/** The secret the test suites sign sessions with: public, so production refuses it. */
export const TEST_AUTH_SECRET = 'test-secret-test-secret-test-secret-0123456789';
const AUTH_SECRET_MIN_LENGTH = 32;
const DEV_SECRET_FILE = 'auth-secret';

/** Base's native USDC (Circle), the only asset Keel's vaults may hold. */
const BASE_USDC_ADDRESS = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(emptyToUndefined, schema.optional());

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  APP_URL: optional(z.url({ protocol: /^https?$/ })),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optional(z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')),
  SMTP_URL: optional(z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')),
  MAIL_FROM: z.string().min(3).default('Keel <no-reply@keel.local>'),
  SUPPORT_EMAIL: z.email().default('support@keel.local'),
  AUTH_SECRET: optional(z.string().min(AUTH_SECRET_MIN_LENGTH, `must be at least ${AUTH_SECRET_MIN_LENGTH} characters`)),
  BASE_RPC_URL: z.url({ protocol: /^https?$/ }).default('https://mainnet.base.org'),
  /** What the browser may see; BASE_RPC_URL may carry an API key and stays on the server. */
  PUBLIC_BASE_RPC_URL: z.url({ protocol: /^https?$/ }).default('https://mainnet.base.org'),
  CHAIN_ID: positiveInt.default(8453),
  USDC_ADDRESS: address.default(BASE_USDC_ADDRESS),
  CHAIN_CONFIRMATIONS: z.coerce.number().int().min(0).max(64).default(2),
  CHAIN_POLL_MS: z.coerce.number().int().min(100).max(600_000).default(4000),
  /** First block the indexer reads; unset = each vault's deployment block, found once and stored. */
  INDEX_FROM_BLOCK: optional(z.coerce.number().int().min(0)),
  /** Blocks per eth_getLogs call: providers cap the range (Alchemy 2,000; QuickNode 10,000). */
  INDEX_BLOCK_RANGE: z.coerce.number().int().min(1).max(100_000).default(2000),
  EXPLORER_URL: z.url({ protocol: /^https?$/ }).default('https://basescan.org'),
  VAULT_EVERYDAY_CASH_ADDRESS: address.default(DEFAULT_VAULTS.everydayCash),
  VAULT_SMART_SAVINGS_ADDRESS: address.default(DEFAULT_VAULTS.smartSavings),
  VAULT_GROWTH_RESERVE_ADDRESS: address.default(DEFAULT_VAULTS.growthReserve),
  /** Who manages each vault (its curator), shown on the vault page; unset = known only for the default addresses. */
  VAULT_EVERYDAY_CASH_CURATOR: optional(curatorName),
  VAULT_SMART_SAVINGS_CURATOR: optional(curatorName),
  VAULT_GROWTH_RESERVE_CURATOR: optional(curatorName),
  WALLETCONNECT_PROJECT_ID: optional(z.string().regex(/^[0-9a-zA-Z]{8,64}$/, 'must be 8-64 letters or digits')),
  WALLET_RELAY_URL: z.string().default('wss://relay.walletconnect.org'),
  /** Coinbase Onramp ("Buy USDC with a card or bank"): a CDP secret API key's id and secret; unset = shown disabled. */
  COINBASE_ONRAMP_API_KEY_ID: optional(z.string().trim().min(1).max(200)),
  COINBASE_ONRAMP_API_KEY_SECRET: optional(
    z.string().refine(isCdpKeySecret, 'must be a PEM EC private key or a base64 Ed25519 key of 64 bytes'),
  ),
  COINBASE_ONRAMP_API_URL: z.url({ protocol: /^https?$/ }).default('https://api.developer.coinbase.com/onramp'),
  COINBASE_ONRAMP_PAY_URL: z.url({ protocol: /^https$/ }).default('https://pay.coinbase.com/buy/select-asset'),
  /** Serves GET /metrics (Prometheus) on this port, apart from the public listener; unset = no metrics listener. */
  METRICS_PORT: optional(z.coerce.number().int().min(1).max(65535)),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /** On SIGTERM, how long requests in flight may take to finish before their connections are closed. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Comma-separated proxy addresses or CIDR ranges (proxy-addr syntax) whose X-Forwarded-For is believed. */
  TRUSTED_PROXIES: z
    .string()
    .default('')
    .refine(isValidProxyList, 'must be comma-separated IP addresses, CIDR ranges, or loopback/linklocal/uniquelocal'),
  /** Serves GET /api/dev/outbox (every mail, links included): opt-in, loopback binds only, never in production. */
  DEV_OUTBOX: z.preprocess(emptyToUndefined, z.enum(['0', '1']).optional()),
  /** Serves POST /api/dev/fixtures/session for the browser tests: NODE_ENV=test and loopback binds only. */
  TEST_FIXTURES: z.preprocess(emptyToUndefined, z.enum(['0', '1']).optional()),
  WEB_BUILD_DIR: optional(z.string()),
  /** The deposit-bonus campaign (ISO 8601 with a time zone): the banner shows from start to end only; unset = no banner. */
  BONUS_STARTS_AT: optional(
    z.iso.datetime({ offset: true, message: 'must be an ISO 8601 date-time with a zone, e.g. 2026-08-01T00:00:00Z' }),
  ),
  BONUS_ENDS_AT: optional(
    z.iso.datetime({ offset: true, message: 'must be an ISO 8601 date-time with a zone, e.g. 2026-09-01T00:00:00Z' }),
  ),
  /** The company named in the footer's copyright line. */
  LEGAL_ENTITY_NAME: z
    .string()
    .regex(LEGAL_ENTITY_PATTERN, "must be 1-120 letters, digits, spaces or . , ' ( ) -")
    .default(DEFAULT_LEGAL_ENTITY),
  // Server-side limits: the defaults are the product's limits; operators may raise them, never switch them off.
  LIMIT_SIGN_IN_MAX: positiveInt.default(5),
  LIMIT_SIGN_IN_WINDOW_MS: positiveInt.default(900_000),
  LIMIT_SIGN_IN_IP_MAX: positiveInt.default(30),
  LIMIT_SIGN_UP_MAX: positiveInt.default(3),
  LIMIT_SIGN_UP_WINDOW_MS: positiveInt.default(1_800_000),
  LIMIT_RESET_MAX: positiveInt.default(3),
  LIMIT_RESET_WINDOW_MS: positiveInt.default(1_800_000),
  LIMIT_RESEND_MAX: positiveInt.default(3),
  LIMIT_RESEND_WINDOW_MS: positiveInt.default(1_800_000),
  // Per client IP, over the same windows: one address cannot sweep many emails.
  LIMIT_SIGN_UP_IP_MAX: positiveInt.default(10),
  LIMIT_RESET_IP_MAX: positiveInt.default(10),
  LIMIT_RESEND_IP_MAX: positiveInt.default(10),
  /** Every auth mail (verification, reset, notices) together, across all clients: a ceiling on what Keel sends. */
  LIMIT_AUTH_MAIL_MAX: positiveInt.default(500),
  LIMIT_AUTH_MAIL_WINDOW_MS: positiveInt.default(3_600_000),
  /** A session ends this long after sign-in, however active (absolute lifetime). */
  SESSION_MAX_AGE_MS: z.coerce
    .number()
    .int()
    .min(60_000)
    .default(7 * 24 * 60 * 60 * 1000),
  /** A session ends after this long without a request (idle timeout). */
  SESSION_IDLE_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(60_000)
    .default(24 * 60 * 60 * 1000),
  LIMIT_FORMS_IP_MAX: positiveInt.default(20),
  LIMIT_FORMS_IP_WINDOW_MS: positiveInt.default(600_000),
  LIMIT_VAULT_DATA_MAX: positiveInt.default(30),
  LIMIT_VAULT_DATA_WINDOW_MS: positiveInt.default(60_000),
  LIMIT_HISTORY_MAX: positiveInt.default(60),
  LIMIT_HISTORY_WINDOW_MS: positiveInt.default(60_000),
  VAULT_CACHE_MS: z.coerce.number().int().min(0).default(15_000),
  /** How long the landing page's measured figures (GET /api/stats) are kept before the chain and database are read again. */
  STATS_CACHE_MS: z.coerce.number().int().min(0).default(60_000),
  /** How often each vault is re-verified (chain id, ERC-4626, asset, decimals), so a fixed RPC recovers without a restart. */
  VAULT_VERIFY_MS: z.coerce.number().int().min(1_000).default(60_000),
  /** A vault's share price falling by more than this percent within a day mails its holders (who asked for it). */
  ALERT_SHARE_PRICE_DROP_PCT: z.coerce.number().gt(0).max(100).default(1),
  LIMIT_WALLET_LINK_MAX: positiveInt.default(10),
  LIMIT_WALLET_LINK_WINDOW_MS: positiveInt.default(600_000),
  /** Per user and per action on the account settings page (sessions, email, password, export, closing). */
  LIMIT_ACCOUNT_MAX: positiveInt.default(10),
  LIMIT_ACCOUNT_WINDOW_MS: positiveInt.default(900_000),
  /** Two-step codes (authenticator or backup) per account, and per client IP over the same window. */
  LIMIT_TWO_STEP_MAX: positiveInt.default(5),
  LIMIT_TWO_STEP_WINDOW_MS: positiveInt.default(900_000),
  LIMIT_TWO_STEP_IP_MAX: positiveInt.default(30),
  /** Security changes per account: turning two-step sign-in on or off, new backup codes, adding or removing passkeys. */
  LIMIT_ACCOUNT_SECURITY_MAX: positiveInt.default(10),
  LIMIT_ACCOUNT_SECURITY_WINDOW_MS: positiveInt.default(600_000),
  // Passkey savings accounts: off unless a bundler and one paymaster mode are configured (decision 015).
  /** The ERC-4337 bundler (JSON-RPC) passkey accounts' operations go through. */
  BUNDLER_URL: optional(z.url({ protocol: /^https?$/ })),
  /** Forwarding mode: a provider's ERC-7677 paymaster URL; Keel's policy approves before forwarding. */
  PAYMASTER_URL: optional(z.url({ protocol: /^https?$/ })),
  /** Forwarding mode: the ERC-7677 context the provider expects (a JSON object, e.g. its policy id). */
  PAYMASTER_CONTEXT: optional(z.string()),
  /** Signing mode: Keel's own VerifyingPaymaster (EntryPoint v0.7 sample) and the key it trusts. */
  PAYMASTER_ADDRESS: optional(address),
  PAYMASTER_SIGNER_KEY: optional(z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'must be a 0x-prefixed 32-byte hex private key')),
  PAYMASTER_OPERATIONS_PER_DAY: positiveInt.default(20),
  PAYMASTER_TRANSFERS_PER_DAY: positiveInt.default(3),
  /** Everything Keel sponsors in a UTC day together, counted at each operation's worst case (wei). */
  PAYMASTER_DAILY_BUDGET_WEI: z.coerce.bigint().positive().default(50_000_000_000_000_000n),
  PAYMASTER_MAX_FEE_PER_GAS_WEI: z.coerce.bigint().positive().default(5_000_000_000n),
  /** All five gas limits of one operation together (the first one also deploys the account). */
  PAYMASTER_MAX_GAS: z.coerce.bigint().positive().default(2_000_000n),
  /** /api/health warns when the paymaster's EntryPoint deposit is below this (wei). */
  PAYMASTER_LOW_DEPOSIT_WEI: z.coerce.bigint().nonnegative().default(10_000_000_000_000_000n),
  /** What the browser sends operations to, when BUNDLER_URL carries an API key; defaults to BUNDLER_URL. */
  PUBLIC_BUNDLER_URL: optional(z.url({ protocol: /^https?$/ })),
  LIMIT_PASSKEY_ACCOUNT_MAX: positiveInt.default(10),
  LIMIT_PASSKEY_ACCOUNT_WINDOW_MS: positiveInt.default(600_000),
  /** Card or bank purchases started (Coinbase Onramp session tokens asked for) per user per window. */
  LIMIT_ONRAMP_MAX: positiveInt.default(10),
  LIMIT_ONRAMP_WINDOW_MS: positiveInt.default(600_000),
});

type Env = z.infer<typeof envSchema>;

export type Limit = { max: number; windowMs: number };

/** Who pays for passkey accounts' operations: Keel's own verifying paymaster, or a provider Keel forwards to. */
export type PaymasterMode =
  | { kind: 'signing'; address: Address; signerKey: `0x${string}` }
  | { kind: 'forwarding'; url: string; context: Record<string, unknown> };

export type PasskeyAccountsConfig = {
  bundlerUrl: string;
  /** What the browser sends operations to (PUBLIC_BUNDLER_URL, else BUNDLER_URL). */
  publicBundlerUrl: string;
  paymaster: PaymasterMode;
  operationsPerDay: number;
  transfersPerDay: number;
  dailyBudgetWei: bigint;
  maxFeePerGasWei: bigint;
  maxGas: bigint;
  lowDepositWei: bigint;
};

export type Config = {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  port: number;
  host: string;
  appUrl: string;
  isHttps: boolean;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  supportEmail: string;
  authSecret: string;
  /** Server-side RPC (may carry a key): never sent to the browser. */
  baseRpcUrl: string;
  /** The RPC the browser's wallet library reads through. */
  publicRpcUrl: string;
  chainId: number;
  usdcAddress: Address;
  chainConfirmations: number;
  chainPollMs: number;
  indexFromBlock: number | undefined;
  indexBlockRange: number;
  explorerUrl: string;
  vaults: { everydayCash: Address; smartSavings: Address; growthReserve: Address };
  /** Who manages each vault, where known (configured, or the default vault's public listing); null = unknown. */
  vaultCurators: { everydayCash: string | null; smartSavings: string | null; growthReserve: string | null };
  walletConnectProjectId: string | undefined;
  walletRelayUrl: string;
  /** Coinbase Onramp's session-token API and page; null when no key is configured (the button is shown disabled). */
  onramp: { keyId: string; keySecret: string; apiUrl: string; payUrl: string } | null;
  logLevel: Env['LOG_LEVEL'];
  shutdownGraceMs: number;
  /** The metrics listener (METRICS_HOST:METRICS_PORT); null when METRICS_PORT is unset. */
  metrics: { host: string; port: number } | null;
  trustedProxies: string[];
  /** GET /api/dev/outbox is served (DEV_OUTBOX=1; loopback HOST and non-production enforced at boot). */
  devOutbox: boolean;
  /** POST /api/dev/fixtures/session is served (TEST_FIXTURES=1; NODE_ENV=test and loopback HOST enforced at boot). */
  testFixtures: boolean;
  webBuildDir: string;
  /** Written into the prerendered pages at start-up (core's site-settings); the browser decides from its clock. */
  site: { bonusStartsAt: string | null; bonusEndsAt: string | null; legalEntity: string };
  /** Session lifetime: absolute from sign-in, and idle since the last request. */
  session: { maxAgeMs: number; idleTimeoutMs: number };
  limits: {
    signIn: Limit;
    signInPerIp: Limit;
    signUp: Limit;
    passwordReset: Limit;
    verificationResend: Limit;
    signUpPerIp: Limit;
    passwordResetPerIp: Limit;
    verificationResendPerIp: Limit;
    /** Global: all outgoing auth mail. */
    authMail: Limit;
    formsPerIp: Limit;
    vaultData: Limit;
    history: Limit;
    walletLink: Limit;
    account: Limit;
    twoStep: Limit;
    twoStepPerIp: Limit;
    accountSecurity: Limit;
    passkeyAccount: Limit;
    onramp: Limit;
  };
  vaultCacheMs: number;
  statsCacheMs: number;
  vaultVerifyMs: number;
  /** ALERT_SHARE_PRICE_DROP_PCT: the fall within a day, in percent, that mails a vault's holders. */
  alertSharePriceDropPct: number;
  /** Passkey savings accounts and their sponsored fees; null = switched off. */
  passkeyAccounts: PasskeyAccountsConfig | null;
};

export class ConfigError extends Error {}

function invalid(lines: string[]): ConfigError {
  return new ConfigError(`Invalid configuration:\n${lines.map((line) => `  ${line}`).join('\n')}`);
}

/**
 * Dev only: a random secret generated once into DATA_DIR, readable by its owner
 * alone. A file that is empty or too short (truncated, hand-edited) is refused
 * rather than silently signing sessions with a guessable key.
 */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, DEV_SECRET_FILE);
  mkdirSync(dataDir, { recursive: true });
  try {
    // 'wx': two processes starting at once cannot both write one.
    writeFileSync(file, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
  }
  // A file left by an older version may be world-readable.
  chmodSync(file, 0o600);
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < AUTH_SECRET_MIN_LENGTH) {
    throw invalid([
      `AUTH_SECRET: the generated secret in ${file} is empty or shorter than ${AUTH_SECRET_MIN_LENGTH} characters; delete the file to generate a new one, or set AUTH_SECRET`,
    ]);
  }
  return secret;
}

/** The dev secret generated into DATA_DIR, if one exists there (never created by this). */
function existingDevSecret(dataDir: string): string | null {
  if (dataDir === 'memory://') return null;
  try {
    return readFileSync(path.join(dataDir, DEV_SECRET_FILE), 'utf8').trim() || null;
  } catch {
    return null;
  }
}

/** Settings a production server must never run with; one line per problem, naming the variable. */
function productionProblems(env: Env, appUrl: string, dataDir: string): string[] {
  const problems: string[] = [];
  if (!appUrl.startsWith('https://')) {
    problems.push(
      `APP_URL: must be an https:// URL in production (is ${appUrl}); cookies are Secure and HSTS is sent only over https`,
    );
  }
  if (!env.SMTP_URL) {
    problems.push('SMTP_URL: required in production; without it verification and reset mail never leaves the server');
  }
  if (!env.AUTH_SECRET) {
    problems.push('AUTH_SECRET: required when NODE_ENV=production');
  } else if (env.AUTH_SECRET === TEST_AUTH_SECRET || env.AUTH_SECRET === existingDevSecret(dataDir)) {
    problems.push(
      "AUTH_SECRET: is a development secret (the test suite's or the one generated in DATA_DIR); generate a new one, e.g. `openssl rand -base64 32`",
    );
  }
  if (env.DEV_OUTBOX === '1') {
    problems.push('DEV_OUTBOX: must not be set in production; it serves every mail, reset links included, over HTTP');
  }
  return problems;
}

function paymasterContext(raw: string | undefined): Record<string, unknown> | string {
  if (raw === undefined) return {};
  try {
    const value: unknown = JSON.parse(raw);
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // answered below
  }
  return 'PAYMASTER_CONTEXT: must be a JSON object, e.g. {"sponsorshipPolicyId":"sp_…"}';
}

/**
 * Passkey accounts need a bundler and exactly one paymaster mode. A partial setting is a mistake:
 * production refuses to start with it; elsewhere the feature is simply off.
 */
function passkeyAccountsConfig(env: Env, isProduction: boolean): PasskeyAccountsConfig | null {
  const signing = env.PAYMASTER_ADDRESS !== undefined || env.PAYMASTER_SIGNER_KEY !== undefined;
  const forwarding = env.PAYMASTER_URL !== undefined;
  const problems: string[] = [];
  if (signing && forwarding) {
    problems.push(
      'PAYMASTER_URL, PAYMASTER_ADDRESS: choose one paymaster mode, forwarding (PAYMASTER_URL) or signing (PAYMASTER_ADDRESS + PAYMASTER_SIGNER_KEY)',
    );
  }
  if (signing && (env.PAYMASTER_ADDRESS === undefined || env.PAYMASTER_SIGNER_KEY === undefined)) {
    problems.push('PAYMASTER_ADDRESS, PAYMASTER_SIGNER_KEY: the signing mode needs both');
  }
  if ((signing || forwarding) && env.BUNDLER_URL === undefined) {
    problems.push('BUNDLER_URL: passkey accounts need a bundler as well as a paymaster');
  }
  if (env.BUNDLER_URL !== undefined && !signing && !forwarding) {
    problems.push(
      'PAYMASTER_URL or PAYMASTER_ADDRESS + PAYMASTER_SIGNER_KEY: passkey accounts need a paymaster as well as BUNDLER_URL',
    );
  }
  const context = paymasterContext(env.PAYMASTER_CONTEXT);
  if (typeof context === 'string') problems.push(context);
  if (problems.length > 0) {
    if (isProduction) throw invalid(problems);
    return null;
  }
  if (env.BUNDLER_URL === undefined || typeof context === 'string') return null;
  let paymaster: PaymasterMode;
  if (env.PAYMASTER_URL !== undefined) paymaster = { kind: 'forwarding', url: env.PAYMASTER_URL, context };
  else if (env.PAYMASTER_ADDRESS !== undefined && env.PAYMASTER_SIGNER_KEY !== undefined) {
    paymaster = { kind: 'signing', address: env.PAYMASTER_ADDRESS, signerKey: env.PAYMASTER_SIGNER_KEY as `0x${string}` };
  } else return null;
  return {
    bundlerUrl: env.BUNDLER_URL,
    publicBundlerUrl: env.PUBLIC_BUNDLER_URL ?? env.BUNDLER_URL,
    paymaster,
    operationsPerDay: env.PAYMASTER_OPERATIONS_PER_DAY,
    transfersPerDay: env.PAYMASTER_TRANSFERS_PER_DAY,
    dailyBudgetWei: env.PAYMASTER_DAILY_BUDGET_WEI,
    maxFeePerGasWei: env.PAYMASTER_MAX_FEE_PER_GAS_WEI,
    maxGas: env.PAYMASTER_MAX_GAS,
    lowDepositWei: env.PAYMASTER_LOW_DEPOSIT_WEI,
  };
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const isProduction = env.NODE_ENV === 'production';
  const appUrl = (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  const dataDir = env.DATA_DIR === 'memory://' ? env.DATA_DIR : path.resolve(env.DATA_DIR);
  if (isProduction) {
    const problems = productionProblems(env, appUrl, dataDir);
    if (problems.length > 0) throw invalid(problems);
  }
  if (!env.AUTH_SECRET && dataDir === 'memory://') throw invalid(['AUTH_SECRET: required when DATA_DIR=memory://']);
  if (env.SESSION_IDLE_TIMEOUT_MS > env.SESSION_MAX_AGE_MS) {
    throw invalid(['SESSION_IDLE_TIMEOUT_MS: must not be longer than SESSION_MAX_AGE_MS']);
  }
  if (Boolean(env.BONUS_STARTS_AT) !== Boolean(env.BONUS_ENDS_AT)) {
    throw invalid(['BONUS_STARTS_AT, BONUS_ENDS_AT: set both (the campaign window) or neither (no bonus banner)']);
  }
  if (env.BONUS_STARTS_AT && env.BONUS_ENDS_AT && Date.parse(env.BONUS_ENDS_AT) <= Date.parse(env.BONUS_STARTS_AT)) {
    throw invalid(['BONUS_ENDS_AT: must be later than BONUS_STARTS_AT']);
  }
  if (env.METRICS_PORT !== undefined && env.METRICS_PORT === env.PORT) {
    throw invalid(['METRICS_PORT: must differ from PORT; metrics are never served on the public listener']);
  }
  if (Boolean(env.COINBASE_ONRAMP_API_KEY_ID) !== Boolean(env.COINBASE_ONRAMP_API_KEY_SECRET)) {
    throw invalid(['COINBASE_ONRAMP_API_KEY_ID, COINBASE_ONRAMP_API_KEY_SECRET: set both (the onramp is on) or neither']);
  }
  const passkeyAccounts = passkeyAccountsConfig(env, isProduction);
  const devOutbox = env.DEV_OUTBOX === '1';
  if (devOutbox && !isLoopbackHost(env.HOST)) {
    throw invalid([
      `DEV_OUTBOX: only allowed when HOST is a loopback address (127.0.0.1, ::1, localhost), not ${env.HOST}: anyone who can reach the server could read reset links`,
    ]);
  }
  const testFixtures = env.TEST_FIXTURES === '1';
  if (testFixtures && (env.NODE_ENV !== 'test' || !isLoopbackHost(env.HOST))) {
    throw invalid([
      `TEST_FIXTURES: only allowed when NODE_ENV=test and HOST is a loopback address (is NODE_ENV=${env.NODE_ENV}, HOST=${env.HOST}): it signs anyone in as a new account`,
    ]);
  }
  return {
    env: env.NODE_ENV,
    isProduction,
    port: env.PORT,
    host: env.HOST,
    appUrl,
    isHttps: appUrl.startsWith('https://'),
    dataDir,
    databaseUrl: env.DATABASE_URL,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    supportEmail: env.SUPPORT_EMAIL,
    authSecret: env.AUTH_SECRET ?? readOrCreateSecret(dataDir),
    baseRpcUrl: env.BASE_RPC_URL,
    publicRpcUrl: env.PUBLIC_BASE_RPC_URL,
    chainId: env.CHAIN_ID,
    usdcAddress: env.USDC_ADDRESS,
    chainConfirmations: env.CHAIN_CONFIRMATIONS,
    chainPollMs: env.CHAIN_POLL_MS,
    indexFromBlock: env.INDEX_FROM_BLOCK,
    indexBlockRange: env.INDEX_BLOCK_RANGE,
    explorerUrl: env.EXPLORER_URL.replace(/\/+$/, ''),
    vaults: {
      everydayCash: env.VAULT_EVERYDAY_CASH_ADDRESS,
      smartSavings: env.VAULT_SMART_SAVINGS_ADDRESS,
      growthReserve: env.VAULT_GROWTH_RESERVE_ADDRESS,
    },
    vaultCurators: {
      everydayCash: env.VAULT_EVERYDAY_CASH_CURATOR ?? DEFAULT_CURATORS[env.VAULT_EVERYDAY_CASH_ADDRESS.toLowerCase()] ?? null,
      smartSavings: env.VAULT_SMART_SAVINGS_CURATOR ?? DEFAULT_CURATORS[env.VAULT_SMART_SAVINGS_ADDRESS.toLowerCase()] ?? null,
      growthReserve: env.VAULT_GROWTH_RESERVE_CURATOR ?? DEFAULT_CURATORS[env.VAULT_GROWTH_RESERVE_ADDRESS.toLowerCase()] ?? null,
    },
    walletConnectProjectId: env.WALLETCONNECT_PROJECT_ID,
    walletRelayUrl: env.WALLET_RELAY_URL,
    onramp:
      env.COINBASE_ONRAMP_API_KEY_ID && env.COINBASE_ONRAMP_API_KEY_SECRET
        ? {
            keyId: env.COINBASE_ONRAMP_API_KEY_ID,
            keySecret: env.COINBASE_ONRAMP_API_KEY_SECRET,
            apiUrl: env.COINBASE_ONRAMP_API_URL.replace(/\/+$/, ''),
            payUrl: env.COINBASE_ONRAMP_PAY_URL,
          }
        : null,
    logLevel: env.LOG_LEVEL,
    shutdownGraceMs: env.SHUTDOWN_GRACE_MS,
    metrics: env.METRICS_PORT === undefined ? null : { host: env.METRICS_HOST, port: env.METRICS_PORT },
    trustedProxies: splitList(env.TRUSTED_PROXIES),
    devOutbox,
    testFixtures,
    webBuildDir: path.resolve(env.WEB_BUILD_DIR ?? path.join(SERVER_PACKAGE_DIR, '../web/build/client')),
    site: {
      // Normalised to UTC ISO strings: the browser's Date.parse reads them the same everywhere.
      bonusStartsAt: env.BONUS_STARTS_AT ? new Date(env.BONUS_STARTS_AT).toISOString() : null,
      bonusEndsAt: env.BONUS_ENDS_AT ? new Date(env.BONUS_ENDS_AT).toISOString() : null,
      legalEntity: env.LEGAL_ENTITY_NAME,
    },
    session: { maxAgeMs: env.SESSION_MAX_AGE_MS, idleTimeoutMs: env.SESSION_IDLE_TIMEOUT_MS },
    limits: {
      signIn: { max: env.LIMIT_SIGN_IN_MAX, windowMs: env.LIMIT_SIGN_IN_WINDOW_MS },
      signInPerIp: { max: env.LIMIT_SIGN_IN_IP_MAX, windowMs: env.LIMIT_SIGN_IN_WINDOW_MS },
      signUp: { max: env.LIMIT_SIGN_UP_MAX, windowMs: env.LIMIT_SIGN_UP_WINDOW_MS },
      passwordReset: { max: env.LIMIT_RESET_MAX, windowMs: env.LIMIT_RESET_WINDOW_MS },
      verificationResend: { max: env.LIMIT_RESEND_MAX, windowMs: env.LIMIT_RESEND_WINDOW_MS },
      signUpPerIp: { max: env.LIMIT_SIGN_UP_IP_MAX, windowMs: env.LIMIT_SIGN_UP_WINDOW_MS },
      passwordResetPerIp: { max: env.LIMIT_RESET_IP_MAX, windowMs: env.LIMIT_RESET_WINDOW_MS },
      verificationResendPerIp: { max: env.LIMIT_RESEND_IP_MAX, windowMs: env.LIMIT_RESEND_WINDOW_MS },
      authMail: { max: env.LIMIT_AUTH_MAIL_MAX, windowMs: env.LIMIT_AUTH_MAIL_WINDOW_MS },
      formsPerIp: { max: env.LIMIT_FORMS_IP_MAX, windowMs: env.LIMIT_FORMS_IP_WINDOW_MS },
      vaultData: { max: env.LIMIT_VAULT_DATA_MAX, windowMs: env.LIMIT_VAULT_DATA_WINDOW_MS },
      history: { max: env.LIMIT_HISTORY_MAX, windowMs: env.LIMIT_HISTORY_WINDOW_MS },
      walletLink: { max: env.LIMIT_WALLET_LINK_MAX, windowMs: env.LIMIT_WALLET_LINK_WINDOW_MS },
      account: { max: env.LIMIT_ACCOUNT_MAX, windowMs: env.LIMIT_ACCOUNT_WINDOW_MS },
      twoStep: { max: env.LIMIT_TWO_STEP_MAX, windowMs: env.LIMIT_TWO_STEP_WINDOW_MS },
      twoStepPerIp: { max: env.LIMIT_TWO_STEP_IP_MAX, windowMs: env.LIMIT_TWO_STEP_WINDOW_MS },
      accountSecurity: { max: env.LIMIT_ACCOUNT_SECURITY_MAX, windowMs: env.LIMIT_ACCOUNT_SECURITY_WINDOW_MS },
      passkeyAccount: { max: env.LIMIT_PASSKEY_ACCOUNT_MAX, windowMs: env.LIMIT_PASSKEY_ACCOUNT_WINDOW_MS },
      onramp: { max: env.LIMIT_ONRAMP_MAX, windowMs: env.LIMIT_ONRAMP_WINDOW_MS },
    },
    vaultCacheMs: env.VAULT_CACHE_MS,
    statsCacheMs: env.STATS_CACHE_MS,
    vaultVerifyMs: env.VAULT_VERIFY_MS,
    alertSharePriceDropPct: env.ALERT_SHARE_PRICE_DROP_PCT,
    passkeyAccounts,
  };
}

/** The only configuration the browser ever sees. */
export function publicConfig(config: Config) {
  return {
    appUrl: config.appUrl,
    /** Named baseRpcUrl for the web client; it is PUBLIC_BASE_RPC_URL, never BASE_RPC_URL. */
    baseRpcUrl: config.publicRpcUrl,
    chainId: config.chainId,
    usdcAddress: config.usdcAddress,
    chainConfirmations: config.chainConfirmations,
    explorerUrl: config.explorerUrl,
    vaults: config.vaults,
    walletConnectProjectId: config.walletConnectProjectId ?? null,
    passkeyAccount: {
      enabled: config.passkeyAccounts !== null,
      bundlerUrl: config.passkeyAccounts?.publicBundlerUrl ?? null,
      chainId: config.chainId,
    },
    /** Whether "Buy USDC with a card or bank" works; the key itself never leaves the server. */
    onrampEnabled: config.onramp !== null,
  };
}
export type PublicConfig = ReturnType<typeof publicConfig>;
