import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { AuditLog } from './lib/audit-log.js';
import type { Logger } from './lib/logger.js';
import type { RateLimiter } from './lib/rate-limiter.js';
import type { MailOutbox } from './mail/mail-outbox.js';
import type { Mailer } from './mail/mailer.js';
import type { Auth } from './modules/auth/create-auth.js';
import type { HistoryChain } from './modules/history/indexer/history-chain.js';
import type { ChainClient } from './chain/chain-client.js';
import type { VaultRegistry } from './chain/vault-registry.js';

/**
 * What services need from the outside world; built once at start-up
 * (create-deps.ts) or by a test. It lives at the top of src/ because it names
 * a module's type (Auth): lib/ stays below modules/.
 */
export type AppDeps = {
  config: Config;
  db: Database;
  logger: Logger;
  /** The transport: SMTP, or the dev outbox in memory and DATA_DIR. Only the mail outbox's worker calls it. */
  mailer: Mailer;
  /** Every mail goes here first (docs/decisions/018-email-outbox.md); its worker sends through `mailer`. */
  mailOutbox: MailOutbox;
  limiter: RateLimiter;
  audit: AuditLog;
  /** Better Auth, over the same database (accounts, sessions, verification). */
  auth: Auth;
  /** Chain reads for the history indexer and the history figures (BASE_RPC_URL). */
  historyChain: HistoryChain;
  /** Reads from Base (BASE_RPC_URL) and the verified status of the three vaults. */
  chain: { client: ChainClient; vaults: VaultRegistry };
  /** Injected so tests can move time; Date.now in production. */
  now: () => number;
};
