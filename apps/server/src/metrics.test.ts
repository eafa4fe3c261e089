import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { indexerCursors } from './db/schema.js';
import { createMetrics, routeLabel, startMetricsServer } from './metrics.js';
import { createKeelServer } from './node-listener.js';
import { createTestApp } from './test-support/test-app.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

const INDEXED_BLOCK = 1_000;
const HEAD = 1_012;
const VAULT = '0x616a4e1db48e22028f6bbf20444cd3b8e3273738';

describe('metrics (METRICS_PORT)', () => {
  it('serves request, indexer, vault, pool and process metrics on their own listener, and nothing of them on the public one', async () => {
    const t = await createTestApp({ env: { BASE_RPC_URL: 'http://127.0.0.1:9' } });
    cleanups.push(t.close);
    await t.deps.db.insert(indexerCursors).values({
      chainId: t.config.chainId,
      vaultAddress: VAULT,
      startBlock: 1,
      lastBlock: INDEXED_BLOCK,
      shareDecimals: 18,
    });
    const server = createKeelServer({ fastPath: t.fastPath, fetch: t.app.fetch, errors: t.errorAnswers, logger: t.deps.logger });
    const metrics = createMetrics({
      server,
      db: t.deps.db,
      chainId: t.config.chainId,
      poolUse: t.database.poolUse,
      vaults: t.deps.chain.vaults,
      headNumber: async () => HEAD,
    });
    const port = await listen(server);
    cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const metricsServer = await startMetricsServer(metrics, '127.0.0.1', 0);
    cleanups.push(() => new Promise<void>((resolve) => metricsServer.close(() => resolve())));
    const metricsPort = (metricsServer.address() as AddressInfo).port;

    for (let i = 0; i < 2; i += 1) expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    const publicMetrics = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(await publicMetrics.text()).not.toContain('keel_http_request_duration_seconds');

    // A request held in flight (its body not sent yet) while the scrape runs.
    const held = httpRequest({
      host: '127.0.0.1',
      port,
      path: '/api/auth/sign-in/email',
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': '2', origin: t.config.appUrl },
    });
    held.on('error', () => undefined);
    cleanups.push(() => {
      held.destroy();
    });
    const arrived = new Promise((resolve) => server.once('request', resolve));
    held.flushHeaders();
    await arrived;

    const scrape = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(scrape.status).toBe(200);
    expect(scrape.headers.get('content-type')).toContain('text/plain');
    const text = await scrape.text();
    expect(text).toMatch(/^keel_http_request_duration_seconds_count\{route="\/api\/health",status="200"\} 2$/m);
    expect(text).toMatch(/^keel_http_requests_in_flight 1$/m);
    expect(text).toContain(`keel_indexer_last_indexed_block{vault="${VAULT}"} ${INDEXED_BLOCK}`);
    expect(text).toContain(`keel_indexer_lag_blocks{vault="${VAULT}"} ${HEAD - INDEXED_BLOCK}`);
    // The RPC answers nothing here: every vault is shown as unavailable, and says so.
    expect(text).toMatch(/^keel_vault_verified\{vault="0x[0-9a-f]{40}",id="everyday-cash"\} 0$/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
    if (t.database.driver === 'postgres') {
      expect(text).toMatch(/^keel_db_pool_connections\{pool="queries",state="max"\} 10$/m);
    }

    expect((await fetch(`http://127.0.0.1:${metricsPort}/api/health`)).status).toBe(404);
  }, 120_000);

  it('labels routes without ids or unmatched paths, so series stay few', () => {
    expect(routeLabel('/api/health?x=1', 200)).toBe('/api/health');
    expect(routeLabel('/api/transfers/0xabc123', 200)).toBe('/api/transfers/:id');
    expect(routeLabel('/api/no/such/thing', 404)).toBe('unmatched');
    expect(routeLabel('/assets/index-3f9a.js', 200)).toBe('web');
  });

  it('reads METRICS_PORT and METRICS_HOST (loopback unless set), and never shares the public port', () => {
    const base = { AUTH_SECRET: 'x'.repeat(32), DATA_DIR: 'memory://' };
    expect(loadConfig(base).metrics).toBeNull();
    expect(loadConfig({ ...base, METRICS_PORT: '9464' }).metrics).toEqual({ host: '127.0.0.1', port: 9464 });
    expect(() => loadConfig({ ...base, PORT: '3000', METRICS_PORT: '3000' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, PORT: '3000', METRICS_PORT: '3000' })).toThrow(/METRICS_PORT: must differ from PORT/);
  });
});
