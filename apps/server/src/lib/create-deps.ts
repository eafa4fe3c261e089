import type { Config } from '../config.js';
import { openDatabase, type DatabaseHandle } from '../db/client.js';
import { createMailer } from '../mail/mailer.js';
import { createAuth } from '../modules/auth/create-auth.js';
import { createAuditLog } from './audit-log.js';
import type { AppDeps } from './deps.js';
import type { Logger } from './logger.js';
import { createRateLimiter } from './rate-limiter.js';

export async function createDeps(config: Config, logger: Logger): Promise<{ deps: AppDeps; database: DatabaseHandle }> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const base: Omit<AppDeps, 'auth'> = {
    config,
    db: database.db,
    logger,
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, logger }),
    // Read through deps so a test can swap the clock after construction.
    limiter: createRateLimiter(database.counters, () => deps.now()),
    audit: createAuditLog(database.db, logger),
    now: () => Date.now(),
  };
  // Auth reads its collaborators through the same object, so a test that swaps
  // deps.mailer after construction is heard by the auth mails too.
  const deps: AppDeps = Object.assign(base, { auth: createAuth(base) });
  return { deps, database };
}
