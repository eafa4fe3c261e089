import type { Config } from '../config.js';
import { openDatabase, type DatabaseHandle } from '../db/client.js';
import { createMailer } from '../mail/mailer.js';
import { createAuditLog } from './audit-log.js';
import type { AppDeps } from './deps.js';
import type { Logger } from './logger.js';
import { createRateLimiter } from './rate-limiter.js';

export async function createDeps(config: Config, logger: Logger): Promise<{ deps: AppDeps; database: DatabaseHandle }> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const deps: AppDeps = {
    config,
    db: database.db,
    logger,
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, logger }),
    // Read through deps so a test can swap the clock after construction.
    limiter: createRateLimiter(database.db, () => deps.now()),
    audit: createAuditLog(database.db, logger),
    now: () => Date.now(),
  };
  return { deps, database };
}
