import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { Mailer } from '../mail/mailer.js';
import type { Logger } from './logger.js';
import type { RateLimiter } from './rate-limiter.js';
import type { AuditLog } from './audit-log.js';
import type { Auth } from '../modules/auth/create-auth.js';
import type { HistoryChain } from '../modules/history/indexer/history-chain.js';

/** What services need from the outside world; built once in main.ts (or a test). */
export type AppDeps = {
  config: Config;
  db: Database;
  logger: Logger;
  mailer: Mailer;
  limiter: RateLimiter;
  audit: AuditLog;
  /** Better Auth, over the same database (accounts, sessions, verification). */
  auth: Auth;
  /** Chain reads for the history indexer and the history figures (BASE_RPC_URL). */
  historyChain: HistoryChain;
  /** Injected so tests can move time; Date.now in production. */
  now: () => number;
};
