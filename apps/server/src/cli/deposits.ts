import { userInfo } from 'node:os';
import { localIsoDate } from '@keel/core/money';
import { ConfigError, loadConfig, type Config } from '../config.js';
import { openDatabase } from '../db/client.js';
import { runDepositsCommand, USAGE } from './deposits-command.js';

/**
 * Operator command: `npm run deposits -w @keel/server -- add …` (built) or
 * `npm run deposits:dev -w @keel/server -- …` (tsx). Same configuration and
 * database as the server.
 */

/** The embedded database allows one process: refuse while a Keel server seems to be using it. */
async function isServerRunning(config: Config): Promise<boolean> {
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  try {
    const response = await fetch(`http://${host.includes(':') ? `[${host}]` : host}:${config.port}/api/health`, {
      signal: AbortSignal.timeout(1_000),
    });
    return response.ok;
  } catch {
    return false;
  }
}

/** Who is running this, for the audit row when --operator is not given. */
function loginName(): string | undefined {
  const fromEnv = process.env.USER || process.env.LOGNAME;
  if (fromEnv) return fromEnv;
  try {
    return userInfo().username;
  } catch {
    // No passwd entry (some containers): the operator must then say who they are.
    return undefined;
  }
}

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  if (argv.length === 0 || argv.includes('--help') || argv.includes('-h') || argv[0] === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return argv.length === 0 ? 2 : 0;
  }
  // npm runs workspace scripts inside apps/server; resolve a relative DATA_DIR from
  // where the operator typed the command, as `npm start` at the root does.
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);

  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
  const embedded = !config.databaseUrl && config.dataDir !== 'memory://';
  if (embedded && (await isServerRunning(config))) {
    process.stderr.write(
      `A Keel server is running on port ${config.port} with the embedded database in ${config.dataDir}.\n` +
        'The embedded database allows one process at a time: stop the server first, or use DATABASE_URL (PostgreSQL).\n',
    );
    return 1;
  }
  process.stderr.write(`Database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded, ${config.dataDir}`}\n`);

  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    return await runDepositsCommand(argv, {
      db: database.db,
      today: localIsoDate(),
      out: (line) => process.stdout.write(`${line}\n`),
      err: (line) => process.stderr.write(`${line}\n`),
      defaultOperator: loginName(),
    });
  } finally {
    await database.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  },
);
