import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { eq } from 'drizzle-orm';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { VaultRegistry } from './chain/vault-registry.js';
import type { Database, DatabaseHandle } from './db/client.js';
import { indexerCursors } from './db/schema.js';
import { withinTime } from './lib/within-time.js';

/** How long a scrape waits for the database, the chain head and the vaults' verification before leaving those gauges out. */
const SCRAPE_READ_MS = 2_000;
/** Distinct route labels kept; past this, requests count under "other", so no client can grow the series without end. */
const MAX_ROUTES = 200;

export type MetricsOptions = {
  /** The public listener, whose requests are counted and timed. */
  server: Server;
  db: Database;
  chainId: number;
  poolUse: DatabaseHandle['poolUse'];
  vaults: Pick<VaultRegistry, 'list'>;
  /** The chain head, for the indexer's lag (the history indexer's RPC). */
  headNumber: () => Promise<number>;
};

export type Metrics = {
  /** The Prometheus text for one scrape: the database and chain gauges are read now. */
  render: () => Promise<string>;
  contentType: string;
};

const ID_SEGMENT = /^(\d+|0x[0-9a-f]+|[0-9a-f-]{16,}|[A-Za-z0-9_-]{24,})$/i;

/**
 * The route label of a request: API paths with ids replaced by :id, at most four segments;
 * unmatched API paths (404) as one label, and every page and file as "web".
 */
export function routeLabel(url: string, status: number): string {
  const path = url.split('?', 1)[0] ?? '';
  if (path !== '/api' && !path.startsWith('/api/')) return 'web';
  if (status === 404) return 'unmatched';
  const segments = path
    .split('/')
    .slice(1, 5)
    .map((segment) => (ID_SEGMENT.test(segment) ? ':id' : segment));
  return `/${segments.join('/')}`;
}

/** A scrape's read: its value, or undefined when it fails or takes longer than SCRAPE_READ_MS. */
async function readForScrape<T>(work: Promise<T>): Promise<T | undefined> {
  return (
    await withinTime(
      work.catch(() => undefined),
      SCRAPE_READ_MS,
    )
  )?.value;
}

/** Keel's metrics in a registry of their own: requests of the public listener, the indexer, the vaults, the pools, the process. */
export function createMetrics(options: MetricsOptions): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'keel_http_request_duration_seconds',
    help: 'Time from a request arriving to its answer being written, by route and status',
    labelNames: ['route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const inFlight = new Gauge({
    name: 'keel_http_requests_in_flight',
    help: 'Requests received and not yet answered',
    registers: [registry],
  });
  const lastIndexed = new Gauge({
    name: 'keel_indexer_last_indexed_block',
    help: 'The last block the history indexer has stored, per vault',
    labelNames: ['vault'] as const,
    registers: [registry],
  });
  const lag = new Gauge({
    name: 'keel_indexer_lag_blocks',
    help: 'Blocks between the chain head and the last indexed block, per vault (absent while the RPC does not answer)',
    labelNames: ['vault'] as const,
    registers: [registry],
  });
  const verified = new Gauge({
    name: 'keel_vault_verified',
    help: 'Whether a configured vault passed verification (1) or is shown as unavailable (0)',
    labelNames: ['vault', 'id'] as const,
    registers: [registry],
  });
  const pool = new Gauge({
    name: 'keel_db_pool_connections',
    help: 'PostgreSQL pool connections by state (total, idle, waiting clients, max)',
    labelNames: ['pool', 'state'] as const,
    registers: [registry],
  });

  const routes = new Set<string>();
  options.server.on('request', (incoming: IncomingMessage, outgoing: ServerResponse) => {
    const started = performance.now();
    inFlight.inc();
    outgoing.once('close', () => {
      inFlight.dec();
      let route = routeLabel(incoming.url ?? '', outgoing.statusCode);
      if (!routes.has(route)) {
        if (routes.size >= MAX_ROUTES) route = 'other';
        else routes.add(route);
      }
      duration.observe({ route, status: String(outgoing.statusCode) }, (performance.now() - started) / 1000);
    });
  });

  async function readGauges(): Promise<void> {
    // Each read is bounded and may fail alone: a scrape still answers (process metrics above all) while the database is down.
    const [cursors, head, vaults] = await Promise.all([
      readForScrape(
        options.db
          .select({ vault: indexerCursors.vaultAddress, lastBlock: indexerCursors.lastBlock })
          .from(indexerCursors)
          .where(eq(indexerCursors.chainId, options.chainId))
          .then((rows) => rows),
      ),
      readForScrape(options.headNumber()),
      readForScrape(options.vaults.list()),
    ]);
    lastIndexed.reset();
    lag.reset();
    for (const cursor of cursors ?? []) {
      lastIndexed.set({ vault: cursor.vault }, cursor.lastBlock);
      if (head !== undefined) lag.set({ vault: cursor.vault }, Math.max(0, head - cursor.lastBlock));
    }
    verified.reset();
    for (const vault of vaults ?? []) verified.set({ vault: vault.address, id: vault.id }, vault.available ? 1 : 0);
    pool.reset();
    for (const use of options.poolUse()) {
      pool.set({ pool: use.pool, state: 'total' }, use.total);
      pool.set({ pool: use.pool, state: 'idle' }, use.idle);
      pool.set({ pool: use.pool, state: 'waiting' }, use.waiting);
      pool.set({ pool: use.pool, state: 'max' }, use.max);
    }
  }

  return {
    contentType: registry.contentType,
    render: async () => {
      await readGauges();
      return registry.metrics();
    },
  };
}

/** GET /metrics on a listener of its own (METRICS_HOST:METRICS_PORT), never on the public one. */
export async function startMetricsServer(metrics: Metrics, host: string, port: number): Promise<Server> {
  const server = createServer((incoming, outgoing) => {
    if (incoming.method !== 'GET' || (incoming.url ?? '').split('?', 1)[0] !== '/metrics') {
      outgoing.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    metrics.render().then(
      (text) => outgoing.writeHead(200, { 'content-type': metrics.contentType }).end(text),
      () => outgoing.writeHead(500, { 'content-type': 'text/plain' }).end('metrics unavailable\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}
