import { loadConfig, TEST_AUTH_SECRET, type Config } from '../config.js';
import { createApp } from '../app.js';
import type { DatabaseHandle } from '../db/client.js';
import { createDeps } from '../create-deps.js';
import type { AppDeps } from '../deps.js';
import { createLogger } from '../lib/logger.js';
import { createTestDatabaseUrl, type TestDatabase } from './test-database.js';

export type TestApp = {
  app: ReturnType<typeof createApp>['app'];
  /** The Node listener's fast path over the same app (fast-path.ts). */
  fastPath: ReturnType<typeof createApp>['fastPath'];
  /** The JSON errors for what Hono never sees (node-listener.ts). */
  errorAnswers: ReturnType<typeof createApp>['errorAnswers'];
  deps: AppDeps;
  config: Config;
  /** The database handle (its lock, for once-per-deployment work such as the indexer). */
  database: DatabaseHandle;
  /** Moves the injected clock forward (rate-limit windows, token expiry). */
  advanceTime: (ms: number) => void;
  close: () => Promise<void>;
};

export type TestAppOptions = {
  env?: Record<string, string>;
  /** Share one database between two app instances (multi-instance tests). */
  databaseUrl?: string;
  /** Receives every log line (as JSON text) at LOG_LEVEL, which then defaults to 'info'. */
  logLines?: string[];
};

/** A real app on a fresh database, for app.request() tests. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp & { databaseUrl: string | undefined }> {
  const database = options.databaseUrl
    ? { databaseUrl: options.databaseUrl, drop: async () => undefined }
    : await createTestDatabaseUrl();
  try {
    return await startTestApp(options, database);
  } catch (error) {
    // A config the test means to refuse, or a start that failed: the database made for it goes too.
    await database.drop();
    throw error;
  }
}

async function startTestApp(
  options: TestAppOptions,
  database: TestDatabase,
): Promise<TestApp & { databaseUrl: string | undefined }> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: 'memory://',
    AUTH_SECRET: TEST_AUTH_SECRET,
    APP_URL: 'http://localhost:3000',
    LOG_LEVEL: options.logLines ? 'info' : 'silent',
    WEB_BUILD_DIR: '/nonexistent',
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    ...options.env,
  });
  const lines = options.logLines;
  const logger = createLogger(config.logLevel, lines ? { write: (line: string) => void lines.push(line) } : undefined);
  const { deps, database: handle } = await createDeps(config, logger);
  let offset = 0;
  deps.now = () => Date.now() + offset;
  const { app, fastPath, errorAnswers } = createApp(deps);
  return {
    app,
    fastPath,
    errorAnswers,
    deps,
    config,
    database: handle,
    databaseUrl: database.databaseUrl,
    advanceTime: (ms) => {
      offset += ms;
    },
    close: async () => {
      await deps.mailOutbox.stop();
      await handle.close();
      await database.drop();
    },
  };
}
