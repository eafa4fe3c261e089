// The long-running mode of bench:server (npm run bench:soak, or BENCH_SOAK_SECONDS=<s> npm run bench:server):
// memory that must stay flat under load, on a deployment's shape. Two Keel instances share one PostgreSQL
// database and a local chain (anvil with the three vaults, contracts/local-chain.ts); the first one started holds
// the history indexer's lock, and a deposit lands every few seconds so it always has blocks and events to index.
// Both get the same mixed load for BENCH_SOAK_SECONDS (600 with --soak): sign-ups, the public API, the
// prerendered page, and the signed-in dashboard's reads (deposits, wallet, vaults, history).
//
// Prints each instance's RSS once a minute, its warmed-up figure (the median over the load's second minute),
// its final figure (the median over the last minute) and a verdict: final within 20 % of warmed-up.
// BENCH_SOAK_FAILOVER_AT=<s>: kill -9 the indexing instance then and move its load to the other one.
// BENCH_SOAK_RPC: the instances' BASE_RPC_URL instead of the local chain's (e.g. one that never answers).
// BENCH_HEAP_SNAPSHOT_DIR: each instance also writes a heap snapshot there at the end of the warm-up window and
// at the end of the load (node --heapsnapshot-signal), to compare what the heap holds. Writing one grows RSS:
// the verdict of such a run is not comparable with one without.
// BENCH_MEMORY_DIR: each instance also writes process.memoryUsage() once a second there (scripts/lib/memory-sampler.mjs).
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { createPostgresDatabase, signUpVerified, sleep } from './lib/server-script-support.mjs';

/** Final RSS may exceed the warmed-up figure by at most this share. */
export const SOAK_RSS_TOLERANCE = 0.2;
const WARM_UP_WINDOW_S = [60, 120];
const SAMPLE_EVERY_MS = 1000;
const DEPOSIT_EVERY_MS = 3000;
const FAILOVER_AT_S = Number(process.env.BENCH_SOAK_FAILOVER_AT ?? 0);

/** An autocannon run that can be stopped early (its tracker) and awaited (done). */
function cannon(options) {
  let tracker;
  const done = new Promise((resolve, reject) => {
    tracker = autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
  return { tracker, done };
}

function median(values) {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : sorted[Math.floor((sorted.length - 1) / 2)];
}

/** One HTTP/1.1 GET, as autocannon's builder writes it. */
function getRequest(base, pathname, headers = {}) {
  const lines = [`GET ${pathname} HTTP/1.1`, `Host: ${base.slice(base.indexOf('//') + 2)}`, 'Connection: keep-alive'];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  return Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
}

/** The mixed load's requests, one after another: what a busy public site and its signed-in savers ask for. */
function mixedRequests(base, cookie, runId, jsonPost) {
  const gzip = { 'accept-encoding': 'gzip, deflate, br' };
  const fixed = [
    getRequest(base, '/api/config'),
    getRequest(base, '/', gzip),
    getRequest(base, '/api/health'),
    getRequest(base, '/api/deposits', { cookie }),
    getRequest(base, '/api/wallet', { cookie }),
    getRequest(base, '/api/vaults', { cookie }),
    getRequest(base, '/api/history?range=30d', { cookie }),
  ];
  return (n) => {
    const slot = n % (fixed.length + 1);
    if (slot < fixed.length) return fixed[slot];
    return jsonPost(
      base,
      '/api/newsletter',
      { origin: base, 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` },
      JSON.stringify({ email: `soak-${runId}-${n}@bench.test` }),
    );
  };
}

/**
 * Runs the soak. The bench's own helpers are passed in (startKeel, waitForOk, stop, rssMb, writtenRequests,
 * jsonPost) so both modes start and drive the server the same way. Answers the figures, or null when skipped.
 */
export async function soak({ seconds, connections, ports, tmp, helpers }) {
  const { startKeel, waitForOk, stop, rssMb, writtenRequests, jsonPost } = helpers;
  // The local chain is TypeScript (shared with the tests); tsx loads it here.
  const { register } = await import('tsx/esm/api');
  register();
  const { ANVIL_MISSING, rpc, startLocalChain } = await import('../contracts/local-chain.ts');
  if (ANVIL_MISSING) {
    console.log(`soak: skipped — ${ANVIL_MISSING}`);
    return null;
  }
  const database = await createPostgresDatabase('keel_soak');
  if (database.error) {
    console.log(`soak: skipped — ${database.error} (two instances need one shared PostgreSQL)`);
    return null;
  }
  const memoryDir = process.env.BENCH_MEMORY_DIR ? path.resolve(process.env.BENCH_MEMORY_DIR) : null;
  if (memoryDir) mkdirSync(memoryDir, { recursive: true });
  const snapshotDir = process.env.BENCH_HEAP_SNAPSHOT_DIR ? path.resolve(process.env.BENCH_HEAP_SNAPSHOT_DIR) : null;
  if (snapshotDir) mkdirSync(snapshotDir, { recursive: true });
  const sampler = fileURLToPath(new URL('./lib/memory-sampler.mjs', import.meta.url));
  const authSecret = randomBytes(32).toString('base64url');
  const chain = await startLocalChain();
  const instances = [];
  let depositTimer;
  try {
    const common = {
      databaseUrl: database.url,
      authSecret,
      extraEnv: {
        ...chain.env,
        ...(process.env.BENCH_SOAK_RPC ? { BASE_RPC_URL: process.env.BENCH_SOAK_RPC } : {}),
        LIMIT_HISTORY_MAX: '1000000000',
        LIMIT_VAULT_DATA_MAX: '1000000000',
      },
    };
    for (const [index, role] of ['indexing', 'standby'].entries()) {
      const port = ports.keel + index;
      const dataDir = mkdtempSync(path.join(tmp, `keel-soak-${role}-`));
      const memoryFile = memoryDir ? path.join(memoryDir, `${role}.jsonl`) : undefined;
      const keel = startKeel({
        ...common,
        port,
        dataDir,
        preload: memoryFile ? sampler : undefined,
        extraFlags: snapshotDir ? ['--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${snapshotDir}`] : [],
        extraEnv: { ...common.extraEnv, ...(memoryFile ? { BENCH_MEMORY_SAMPLES: memoryFile } : {}) },
      });
      const base = `http://127.0.0.1:${port}`;
      instances.push({ role, base, dataDir, keel, samples: [] });
      await waitForOk(`${base}/api/health`, keel.child);
      // The first instance takes the indexer's lock as it starts; the second then finds it held.
      if (role === 'indexing') await sleep(3000);
    }
    const [first] = instances;
    const email = `soak-${randomBytes(6).toString('hex')}@bench.test`;
    const cookie = await signUpVerified({
      base: first.base,
      dataDir: first.dataDir,
      name: 'Soak Saver',
      email,
      password: 'Soak-Saver-2026!',
    });
    const runId = randomBytes(3).toString('hex');
    const vaultKeys = ['everydayCash', 'smartSavings', 'growthReserve'];
    let deposits = 0;
    depositTimer = setInterval(() => {
      chain.depositToVault(vaultKeys[deposits++ % vaultKeys.length], '10').catch((error) => {
        console.log(`soak: a deposit failed (${error.message})`);
      });
    }, DEPOSIT_EVERY_MS);
    console.log(
      `soak: ${seconds} s of mixed load on two instances sharing one PostgreSQL database and a local chain, ${connections} connections each; load average ${loadavg()[0].toFixed(1)}`,
    );
    const started = performance.now();
    const rssTimer = setInterval(() => {
      const s = (performance.now() - started) / 1000;
      for (const instance of instances) instance.samples.push({ s, mb: rssMb(instance.keel.child.pid) });
    }, SAMPLE_EVERY_MS);
    const snapshot = () => {
      for (const instance of instances) if (instance.keel.child.exitCode === null) instance.keel.child.kill('SIGUSR2');
    };
    const snapshotTimer = snapshotDir ? setTimeout(snapshot, Math.min(WARM_UP_WINDOW_S[1], (2 * seconds) / 3) * 1000) : undefined;
    const minuteTimer = setInterval(() => {
      const s = Math.round((performance.now() - started) / 1000);
      const figures = instances.map((instance) => `${instance.role} ${Math.round(rssMb(instance.keel.child.pid))} MB`).join(', ');
      console.log(`  ${String(s).padStart(4)} s  RSS ${figures}  load average ${loadavg()[0].toFixed(1)}`);
    }, 60_000);
    const cannons = instances.map((instance) =>
      cannon({
        url: instance.base,
        connections,
        duration: seconds,
        setupClient: writtenRequests(mixedRequests(instance.base, cookie, `${runId}-${instance.role}`, jsonPost)),
      }),
    );
    let failover;
    if (FAILOVER_AT_S > 0 && FAILOVER_AT_S < seconds) {
      // As a crash in production: the indexing instance dies, the balancer sends all the load to the survivor,
      // which takes the indexer's lock at its next poll.
      failover = setTimeout(() => {
        const [indexing, standby] = instances;
        console.log(`  ${FAILOVER_AT_S} s  kill -9 of the indexing instance; its load moves to the other`);
        indexing.keel.child.kill('SIGKILL');
        indexing.role = 'indexing, killed';
        indexing.killed = true;
        standby.role = 'standby, then indexing';
        cannons[0].tracker.stop();
        cannons.push(
          cannon({
            url: standby.base,
            connections,
            duration: seconds - FAILOVER_AT_S,
            setupClient: writtenRequests(mixedRequests(standby.base, cookie, `${runId}-failover`, jsonPost)),
          }),
        );
      }, FAILOVER_AT_S * 1000);
    }
    let results;
    try {
      results = await Promise.all(cannons.map(({ done }) => done));
      // The load moved over at the failover is still running then.
    } finally {
      clearTimeout(snapshotTimer);
      clearTimeout(failover);
      clearInterval(rssTimer);
      clearInterval(minuteTimer);
    }
    if (snapshotDir) {
      snapshot();
      // Writing a snapshot stops the instance's JavaScript for a few seconds.
      await sleep(15_000);
    }
    const warmFrom = Math.min(WARM_UP_WINDOW_S[0], seconds / 3);
    const warmTo = Math.min(WARM_UP_WINDOW_S[1], (2 * seconds) / 3);
    const finalFrom = seconds - Math.min(60, seconds / 3);
    const figures = instances.map((instance, index) => {
      const warmedUpMb = median(instance.samples.filter(({ s }) => s >= warmFrom && s < warmTo).map(({ mb }) => mb));
      const finalMb = instance.killed ? NaN : median(instance.samples.filter(({ s }) => s >= finalFrom).map(({ mb }) => mb));
      const peakMb = Math.max(...instance.samples.map(({ mb }) => mb).filter(Number.isFinite));
      const result = results[index];
      return {
        role: instance.role,
        warmedUpMb,
        finalMb,
        peakMb,
        growth: finalMb / warmedUpMb - 1,
        pass: finalMb <= warmedUpMb * (1 + SOAK_RSS_TOLERANCE),
        rps: result.requests.average,
        p99: result.latency.p99,
        bad: result.non2xx + result.errors + result.timeouts,
      };
    });
    console.log(
      `\nsoak memory (RSS; warmed up = median over ${Math.round(warmFrom)}–${Math.round(warmTo)} s of load, final = median over the last ${Math.round(seconds - finalFrom)} s)`,
    );
    for (const figure of figures) {
      if (!Number.isFinite(figure.finalMb)) {
        console.log(`  ${figure.role.padEnd(9)} warmed up ${Math.round(figure.warmedUpMb)} MB; killed before the end`);
        continue;
      }
      console.log(
        `  ${figure.role.padEnd(9)} warmed up ${Math.round(figure.warmedUpMb)} MB → final ${Math.round(figure.finalMb)} MB (${figure.growth >= 0 ? '+' : ''}${Math.round(figure.growth * 100)} %; peak ${Math.round(figure.peakMb)} MB; budget within ${SOAK_RSS_TOLERANCE * 100} % ${figure.pass ? 'ok' : 'MISSED'})  ${Math.round(figure.rps)} req/s, p99 ${figure.p99} ms${figure.bad ? `, ${figure.bad} non-2xx/errors` : ''}`,
      );
    }
    // The indexer kept up to the end (on the survivor, after a failover): its cursors against the chain's head.
    const head = Number(await rpc(chain.rpcUrl, 'eth_blockNumber'));
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const { rows } = await client.query('select min(last_block)::int as last from indexer_cursors');
    await client.end();
    console.log(`  indexed up to block ${rows[0]?.last ?? 'none'} of the chain's ${head}`);
    console.log(
      `  ${deposits} deposits on the chain; load average at the end ${loadavg()[0].toFixed(1)} — CPU figures are noisy on a shared machine, RSS much less so`,
    );
    return figures;
  } finally {
    clearInterval(depositTimer);
    for (const instance of instances) {
      await stop(instance.keel.child);
      rmSync(instance.dataDir, { recursive: true, force: true });
    }
    await chain.stop();
    await database.drop();
  }
}
