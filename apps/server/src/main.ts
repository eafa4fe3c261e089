import { listAllSavingAddresses } from './modules/wallet/list-saving-addresses.js';
import { ConfigError, loadConfig } from './config.js';
import { createApp } from './app.js';
import { createDeps } from './create-deps.js';
import { createKeelServer } from './node-listener.js';
import { createLogger } from './lib/logger.js';
import { createHistoryIndexer, listVerifiedVaults } from './modules/history/indexer/history-indexer.js';
import { startChainWorkers } from './chain-workers.js';
import { startMonthlyStatements } from './modules/statements/send-monthly-statements.js';
import { startRateLimitPruning } from './prune-rate-limits.js';
import { prepareGracefulShutdown } from './graceful-shutdown.js';
import { createMetrics, startMetricsServer } from './metrics.js';

async function main(): Promise<void> {
  const started = performance.now();
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);
  const { deps, database } = await createDeps(config, logger);
  // Mail left in the outbox by a previous run (or another instance's crash) goes out at once.
  deps.mailOutbox.start();
  const { app, webFileCount, fastPath, errorAnswers, warmCompression } = createApp(deps);
  const stopPruning = startRateLimitPruning(deps);
  if (webFileCount === 0) logger.warn({ dir: config.webBuildDir }, 'web build not found; only /api is served');
  // Runs beside the server, never in its way: a dead RPC only pauses it (logged once, backing off).
  const indexer = createHistoryIndexer({
    db: deps.db,
    tryLock: database.tryLock,
    chain: deps.historyChain,
    config,
    logger,
    listVaults: listVerifiedVaults(deps.chain.vaults),
    transfers: { usdc: config.usdcAddress, listAddresses: () => listAllSavingAddresses(deps.db) },
    notify: { config, now: () => deps.now() },
  });

  let stopChainWorkers = () => {};
  let stopStatements = () => {};
  const server = createKeelServer({ fastPath, fetch: app.fetch, hostname: config.host, errors: errorAnswers, logger });
  server.listen(config.port, config.host, () => {
    const address = server.address();
    const listening = address && typeof address === 'object' ? `${address.address}:${address.port}` : String(address);
    logger.info(
      {
        url: config.appUrl,
        listening,
        database: database.driver,
        mail: config.smtpUrl ? 'smtp' : 'dev-outbox',
        startupMs: Math.round(performance.now() - started),
      },
      'keel started',
    );
    // Background chain work starts once the server answers: its first RPC round trip
    // (and loading the HTTP client for it) stays out of the way of the first requests.
    indexer.start();
    stopChainWorkers = startChainWorkers(deps);
    stopStatements = startMonthlyStatements({
      ...deps,
      notify: { config, now: () => deps.now() },
      wakeOutbox: () => deps.mailOutbox.wake(),
    });
    // Brotli copies of the pages and stylesheets, a file per turn (web.routes.ts).
    void warmCompression();
  });

  const metrics = config.metrics
    ? createMetrics({
        server,
        db: deps.db,
        chainId: config.chainId,
        poolUse: database.poolUse,
        vaults: deps.chain.vaults,
        headNumber: deps.historyChain.getHeadNumber,
      })
    : null;
  const metricsServer =
    metrics && config.metrics ? await startMetricsServer(metrics, config.metrics.host, config.metrics.port) : null;

  const shutdown = prepareGracefulShutdown({
    server,
    graceMs: config.shutdownGraceMs,
    logger,
    stopBackgroundWork: () => {
      stopChainWorkers();
      stopStatements();
      stopPruning();
      metricsServer?.close();
    },
    stopIndexer: () => indexer.stop(),
    stopMailOutbox: () => deps.mailOutbox.stop(),
    closeDatabase: () => database.close(),
  });
  const exitAfterShutdown = (signal: string) => {
    void shutdown(signal).finally(() => process.exit(0));
  };
  process.on('SIGINT', () => exitAfterShutdown('SIGINT'));
  process.on('SIGTERM', () => exitAfterShutdown('SIGTERM'));
}

void main();
