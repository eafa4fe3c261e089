import { request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { prepareGracefulShutdown } from './graceful-shutdown.js';
import { createKeelServer } from './node-listener.js';
import type { HistoryChain } from './modules/history/indexer/history-chain.js';
import { createHistoryIndexer, INDEXER_LOCK } from './modules/history/indexer/history-indexer.js';
import { createSignedInUser, TEST_PASSWORD } from './test-support/auth.js';
import { createTestDatabaseUrl } from './test-support/test-database.js';
import { createTestApp, type TestApp } from './test-support/test-app.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** An RPC that never answers: the indexer's pass under way waits on it forever. */
function silentChain(): HistoryChain {
  const never = () => new Promise<never>(() => undefined);
  return {
    getChainId: never,
    getHeadNumber: never,
    getBlock: never,
    getShareDecimals: never,
    getLogs: never,
    getTokenTransfers: never,
    readTokenBalance: never,
    readSharePrice: never,
    convertToAssets: never,
    findDeploymentBlock: never,
  };
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** A POST whose headers are sent now and whose body is sent by send(): a request in flight until then. */
function startSlowPost(port: number, path: string, body: string, origin: string) {
  const request = httpRequest({
    host: '127.0.0.1',
    port,
    path,
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), origin },
  });
  const answer = new Promise<{ status: number; connection: string | undefined; text: string }>((resolve, reject) => {
    request.on('error', reject);
    request.on('response', (response: IncomingMessage) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, text }));
    });
  });
  request.flushHeaders();
  return {
    answer,
    send: () => {
      request.end(body);
    },
    abort: () => {
      request.destroy();
    },
  };
}

function serverFor(app: TestApp): Server {
  return createKeelServer({ fastPath: app.fastPath, fetch: app.app.fetch, errors: app.errorAnswers, logger: app.deps.logger });
}

describe('graceful shutdown (SIGTERM)', () => {
  it('finishes a sign-in in flight (its new-device mail sent), and another instance takes the indexer over before this one has exited', async () => {
    const database = await createTestDatabaseUrl();
    cleanups.push(database.drop);
    const first = await createTestApp(database.databaseUrl ? { databaseUrl: database.databaseUrl } : {});
    // On PostgreSQL the instance taking over is another app on the same database; PGlite is one process
    // per database, so there it is the same process asking its own handle.
    const second = database.databaseUrl ? await createTestApp({ databaseUrl: database.databaseUrl }) : null;
    if (second) cleanups.push(second.close);
    const takeOver = second ? second.database.tryLock : first.database.tryLock;

    let lockTaken = (): void => undefined;
    const indexerHoldsLock = new Promise<void>((resolve) => (lockTaken = resolve));
    const indexer = createHistoryIndexer({
      db: first.deps.db,
      tryLock: async (name) => {
        const lock = await first.database.tryLock(name);
        if (lock) lockTaken();
        return lock;
      },
      chain: silentChain(),
      config: first.config,
      logger: first.deps.logger,
      listVaults: async () => [],
    });
    const server = serverFor(first);
    const shutdown = prepareGracefulShutdown({
      server,
      graceMs: 10_000,
      logger: first.deps.logger,
      stopBackgroundWork: () => undefined,
      stopIndexer: () => indexer.stop(),
      stopMailOutbox: () => first.deps.mailOutbox.stop(),
      closeDatabase: () => first.database.close(),
    });
    const port = await listen(server);
    indexer.start();
    first.deps.mailOutbox.start();
    await indexerHoldsLock;
    expect(await takeOver(INDEXER_LOCK)).toBeNull();

    const { user } = await createSignedInUser(first);
    const newDeviceMails = () =>
      (first.deps.mailer.outbox ?? []).filter((mail) => mail.to === user.email && mail.subject === 'New sign-in to Keel');
    await first.deps.mailOutbox.drain();
    const mailsBefore = newDeviceMails().length;
    const arrived = new Promise((resolve) => server.once('request', resolve));
    const signIn = startSlowPost(
      port,
      '/api/auth/sign-in/email',
      JSON.stringify({ email: user.email, password: TEST_PASSWORD }),
      first.config.appUrl,
    );
    cleanups.push(async () => {
      signIn.abort();
    });
    await arrived;

    let exited = false;
    const stopped = shutdown('SIGTERM').then(() => {
      exited = true;
    });

    let lock = await takeOver(INDEXER_LOCK);
    for (let attempt = 0; !lock && attempt < 100; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      lock = await takeOver(INDEXER_LOCK);
    }
    expect(lock).not.toBeNull();
    expect(exited).toBe(false);
    await lock?.release();

    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();

    signIn.send();
    const answer = await signIn.answer;
    expect(answer.status).toBe(200);
    expect(answer.text).toContain(user.email);
    expect(answer.connection).toBe('close');
    await stopped;
    expect(exited).toBe(true);
    expect(newDeviceMails()).toHaveLength(mailsBefore + 1);
  }, 120_000);

  it('closes what is still open once SHUTDOWN_GRACE_MS is over, and finishes', async () => {
    const app = await createTestApp();
    const server = serverFor(app);
    const shutdown = prepareGracefulShutdown({
      server,
      graceMs: 200,
      logger: app.deps.logger,
      stopBackgroundWork: () => undefined,
      stopIndexer: async () => undefined,
      stopMailOutbox: () => app.deps.mailOutbox.stop(),
      closeDatabase: () => app.close(),
    });
    const port = await listen(server);
    const arrived = new Promise((resolve) => server.once('request', resolve));
    const stalled = startSlowPost(port, '/api/auth/sign-up/email', '{}', app.config.appUrl);
    const outcome = stalled.answer.then(
      () => 'answered',
      () => 'connection closed',
    );
    await arrived;

    const started = performance.now();
    await shutdown('SIGTERM');
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(await outcome).toBe('connection closed');
  }, 120_000);

  it('reads SHUTDOWN_GRACE_MS: 10 s unless set, and names it when it is not a number of milliseconds', () => {
    expect(loadConfig({ AUTH_SECRET: 'x'.repeat(32), DATA_DIR: 'memory://' }).shutdownGraceMs).toBe(10_000);
    expect(loadConfig({ AUTH_SECRET: 'x'.repeat(32), DATA_DIR: 'memory://', SHUTDOWN_GRACE_MS: '2500' }).shutdownGraceMs).toBe(
      2500,
    );
    expect(() => loadConfig({ AUTH_SECRET: 'x'.repeat(32), DATA_DIR: 'memory://', SHUTDOWN_GRACE_MS: 'soon' })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ AUTH_SECRET: 'x'.repeat(32), DATA_DIR: 'memory://', SHUTDOWN_GRACE_MS: 'soon' })).toThrow(
      /SHUTDOWN_GRACE_MS/,
    );
  });
});
