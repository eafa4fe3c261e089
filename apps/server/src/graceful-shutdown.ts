import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Logger } from './lib/logger.js';
import { withinTime } from './lib/within-time.js';

/** How long closing the database may take once requests are done (pool.end waits for clients in use). */
const CLOSE_DATABASE_MS = 5_000;
/** Keep-alive connections that fall idle while draining are closed this often, so none waits for its timeout. */
const IDLE_SWEEP_MS = 50;

export type GracefulShutdownOptions = {
  server: Server;
  /** SHUTDOWN_GRACE_MS: how long requests in flight may take to finish before their connections are closed. */
  graceMs: number;
  logger: Logger;
  /** Stops the timers that start new work (chain workers, rate-limit pruning). */
  stopBackgroundWork: () => void;
  /** Stops the history indexer and frees its lock. */
  stopIndexer: () => Promise<void>;
  /** Stops the mail outbox's worker once its round under way is marked (after the last requests' mail went out). */
  stopMailOutbox: () => Promise<void>;
  closeDatabase: () => Promise<void>;
};

/**
 * Prepares the server for SIGTERM (call before its first request, so every request is counted) and answers
 * the shutdown itself: stop accepting; free the indexer's lock at once, so another instance takes
 * over without waiting for this one; finish the requests in flight (up to graceMs, then close their
 * connections); stop the mail outbox's worker after its last round; close the database. Resolves when all of that is done; calling it again answers the
 * same shutdown.
 */
export function prepareGracefulShutdown(options: GracefulShutdownOptions): (signal: string) => Promise<void> {
  const { server, logger, graceMs } = options;
  const inFlight = new Set<ServerResponse>();
  let closing = false;
  server.on('request', (_incoming: IncomingMessage, outgoing: ServerResponse) => {
    inFlight.add(outgoing);
    outgoing.once('close', () => inFlight.delete(outgoing));
    // A request that arrived on a kept-alive connection after close(): answered, then the connection ends.
    if (closing && !outgoing.headersSent) outgoing.setHeader('Connection', 'close');
  });

  async function drainRequests(): Promise<void> {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const outgoing of inFlight) if (!outgoing.headersSent) outgoing.setHeader('Connection', 'close');
    server.closeIdleConnections();
    const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
    try {
      if (await withinTime(closed, graceMs)) return;
      logger.warn({ inFlight: inFlight.size, graceMs }, 'shutdown: grace period over, closing the requests still open');
      server.closeAllConnections();
      await closed;
    } finally {
      clearInterval(sweep);
    }
  }

  async function stopIndexer(): Promise<void> {
    try {
      if (!(await withinTime(options.stopIndexer(), graceMs))) {
        logger.warn({ graceMs }, 'shutdown: the history indexer did not stop in time');
      }
    } catch (error) {
      logger.error({ err: error }, 'shutdown: stopping the history indexer failed');
    }
  }

  /** The requests are done: their mail was enqueued and the worker, woken by it, finishes its round. */
  async function stopMailOutbox(): Promise<void> {
    try {
      if (!(await withinTime(options.stopMailOutbox(), graceMs))) {
        logger.warn(
          { graceMs },
          'shutdown: the mail outbox did not stop in time; its claimed mail is sent again after the lease',
        );
      }
    } catch (error) {
      logger.error({ err: error }, 'shutdown: stopping the mail outbox failed');
    }
  }

  async function shutDown(signal: string): Promise<void> {
    const started = performance.now();
    closing = true;
    logger.info({ signal, inFlight: inFlight.size, graceMs }, 'shutting down: finishing requests in flight');
    options.stopBackgroundWork();
    await Promise.all([drainRequests(), stopIndexer()]);
    await stopMailOutbox();
    try {
      if (!(await withinTime(options.closeDatabase(), CLOSE_DATABASE_MS))) {
        logger.warn('shutdown: the database did not close in time');
      }
    } catch (error) {
      logger.error({ err: error }, 'shutdown: closing the database failed');
    }
    logger.info({ ms: Math.round(performance.now() - started) }, 'shut down');
  }

  let shutdown: Promise<void> | null = null;
  return (signal) => (shutdown ??= shutDown(signal));
}
