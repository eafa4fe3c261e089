import { createChainClient } from './chain/chain-client.js';
import { createVaultRegistry } from './chain/vault-registry.js';
import type { Config } from './config.js';
import { openDatabase, type Database, type DatabaseHandle } from './db/client.js';
import type { AppDeps } from './deps.js';
import { createAuditLog } from './lib/audit-log.js';
import type { Logger } from './lib/logger.js';
import { createRateLimiter } from './lib/rate-limiter.js';
import { createMailOutbox } from './mail/mail-outbox.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { createAuth } from './modules/auth/create-auth.js';
import { createHistoryChain } from './modules/history/indexer/history-chain.js';

/** Start-up wiring: the database, then every collaborator the services share. */
export async function createDeps(config: Config, logger: Logger): Promise<{ deps: AppDeps; database: DatabaseHandle }> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, logger });
  return { deps: assembleDeps({ config, db: database.db, counters: database.counters, logger, mailer }), database };
}

/** The collaborators over an open database (a second app instance on one database in tests). */
export function assembleDeps({
  counters,
  ...base
}: {
  config: Config;
  db: Database;
  /** The rate-limit counters' connection (db/client.ts); the main one when not given. */
  counters?: Database;
  logger: Logger;
  mailer: Mailer;
}): AppDeps {
  const chainClient = createChainClient(base.config.baseRpcUrl);
  const shared: Omit<AppDeps, 'auth'> = {
    ...base,
    mailOutbox: createMailOutbox({
      db: base.db,
      mailer: () => shared.mailer,
      logger: base.logger,
      now: () => shared.now(),
      appUrl: base.config.appUrl,
    }),
    // Read through the object so a test can swap the clock after construction.
    limiter: createRateLimiter(counters ?? base.db, () => shared.now()),
    audit: createAuditLog(base.db, base.logger),
    historyChain: createHistoryChain(chainClient),
    chain: {
      client: chainClient,
      vaults: createVaultRegistry({ client: chainClient, config: base.config, logger: base.logger, now: () => shared.now() }),
    },
    now: () => Date.now(),
  };
  // Auth reads its collaborators through the same object, so a test that swaps
  // deps.mailer after construction is heard by the auth mails too.
  return Object.assign(shared, { auth: createAuth(shared) });
}
