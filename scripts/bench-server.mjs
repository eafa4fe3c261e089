#!/usr/bin/env node
// npm run bench:server — the server's speed and memory, as figures.
//
// Starts the built server (PGlite, and PostgreSQL when TEST_DATABASE_URL is set
// or the local cluster answers) and a bare node:http JSON server, drives both with
// autocannon in the same run and prints, per route, req/s, p50, p99 and the ratio
// to the bare server measured right before it (the machine is shared, so only
// same-run ratios compare). Also idle and peak RSS of the server process and the
// cold start to the first /api/health 200 on an existing database (median of 3 restarts). After each sign-up
// route, where a request's CPU went on the whole machine: Keel, PostgreSQL's processes
// for the bench database, and autocannon itself — what bounds the rate two cores allow.
//
// A benchmark, not a test: CI does not run it, nothing here fails on a figure.
// Build first (npm run build). Variables: BENCH_DURATION (s per route, 10), BENCH_ROUNDS (rounds of
// bare-then-Keel per ratio route, 3; the median round is reported),
// BENCH_CONNECTIONS (10), BENCH_DATABASES (pglite,postgres), BENCH_PORT (the bare
// server's; Keel gets the next one; 3141), BENCH_TMP (where the data directories go), BENCH_JSON (write
// the figures there too), TEST_DATABASE_URL (the PostgreSQL to create a database in),
// BENCH_ROUTES (comma-separated words; only routes whose name contains one run),
// BENCH_CPU_PROF (a directory: the measured server runs under node --cpu-prof and
// writes its profile there on exit; summarise it with scripts/bench-profile-summary.mjs),
// BENCH_SOAK_SECONDS or --soak (600 s): instead of the routes, the memory soak of scripts/bench-soak.mjs.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { createPostgresDatabase, signUpVerified, sleep } from './lib/server-script-support.mjs';
import { SERVER_NODE_FLAGS } from './server-node-flags.mjs';

/**
 * autocannon 8 appends every response body to a string (PipelinedRequestsQueue#addBody: `req.body += data`),
 * for callbacks this benchmark does not use. That decodes each body as UTF-8, and a Brotli body is mostly
 * invalid UTF-8, V8's slow path: measured on this machine, 219 µs of the load generator's CPU per request for
 * the 12 KB prerendered / (24 µs without it), so the load generator, not the server, set the req/s of / and of
 * the hashed asset — a bare server replaying the same bytes got the same figure. The bodies are dropped
 * unread instead (their byte counts, which autocannon reports, are kept apart from this). Fails loudly if a
 * new autocannon changes the method, rather than measure the wrong thing.
 */
function dropResponseBodies() {
  const PipelinedRequestsQueue = createRequire(import.meta.url)('autocannon/lib/pipelinedRequestsQueue.js');
  const addBody = PipelinedRequestsQueue?.prototype?.addBody;
  if (typeof addBody !== 'function' || !/req\.body \+= data/.test(addBody.toString())) {
    throw new Error(
      'bench:server: autocannon no longer collects bodies in PipelinedRequestsQueue#addBody; review dropResponseBodies',
    );
  }
  PipelinedRequestsQueue.prototype.addBody = function addBodyUnread() {};
}
dropResponseBodies();

/**
 * A new request per send, written as its bytes: autocannon's setupRequest sends each request through its
 * generic builder (httpRequestBuilder: object merges over its whole option set, a header loop, a
 * Buffer.concat), measured on this machine at ~45 µs of the load generator's CPU per request — a quarter
 * of what it spent per unique sign-up, taken from the cores the server and PostgreSQL share with it
 * (docs/performance-log.md, "the load generator's share of a sign-up, and Keel's one thread"). autocannon's
 * setupClient hook gets each connection's client; its request
 * iterator's next request becomes `bytesFor(n)` for a counter shared by every connection. Fails loudly if a
 * new autocannon changes the iterator, rather than send the same request again.
 */
function writtenRequests(bytesFor) {
  let next = 0;
  return (client) => {
    const iterator = client.requestIterator;
    if (typeof iterator?.nextRequest !== 'function' || !iterator.currentRequest) {
      throw new Error('bench:server: autocannon no longer has RequestIterator#nextRequest; review writtenRequests');
    }
    iterator.currentRequest.requestBuffer = bytesFor(next++);
    iterator.nextRequest = function nextWrittenRequest() {
      this.currentRequest.requestBuffer = bytesFor(next++);
      return this.currentRequest;
    };
  };
}

/** One HTTP/1.1 POST with a JSON body to base (http://host:port), as autocannon's builder writes it. */
function jsonPost(base, pathname, headers, body) {
  const bytes = Buffer.from(body);
  const lines = [`POST ${pathname} HTTP/1.1`, `Host: ${base.slice(base.indexOf('//') + 2)}`, 'Connection: keep-alive'];
  for (const [name, value] of Object.entries({ 'content-type': 'application/json', ...headers })) lines.push(`${name}: ${value}`);
  lines.push(`Content-Length: ${bytes.length}`);
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), bytes]);
}

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
/** Rounds of bare-then-Keel for each route with a ratio budget: one 10 s pair swings ±30 % on this machine. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const DATABASES = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',').map((name) => name.trim());
const FIRST_PORT = Number(process.env.BENCH_PORT ?? 3141);
const TMP = process.env.BENCH_TMP ?? tmpdir();
/** BENCH_SERVER: another build of the server to compare (e.g. an older commit's dist), same run conditions. */
const SERVER = process.env.BENCH_SERVER ?? 'apps/server/dist/main.js';
const CLIENT = 'apps/web/build/client';
const ROUTE_FILTER = (process.env.BENCH_ROUTES ?? '')
  .split(',')
  .map((word) => word.trim())
  .filter(Boolean);
const CPU_PROF_DIR = process.env.BENCH_CPU_PROF;
/** The long-running memory mode (scripts/bench-soak.mjs): BENCH_SOAK_SECONDS, or --soak for ten minutes. */
const SOAK_SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? (process.argv.includes('--soak') ? 600 : 0));

/**
 * Budgets (ratios are to the bare server in the same run). Only the web app's static files skip Hono
 * (docs/decisions/011-deliberate-bypasses.md); every API request, sign-ups and GET /api/config among them,
 * goes through its whole middleware chain. So the sign-up budget is what a public site's forms need, not
 * what a bypass of the chain could reach, and /api/config's ratio is reported without a budget.
 */
const BUDGETS = {
  staticRatio: 0.5,
  signupPostgres: { rps: 1000, p99: 30 },
  signupPglite: { rps: 1000 },
  idleRssMb: { postgres: 150, pglite: 250 },
  loadRssGrowthMb: 100,
  coldStartPostgresMs: 1000,
};

// GET / answers a 40-byte JSON (the reference every ratio is to). GET /replay answers the bytes
// and headers Keel sent for one of its files (the hashed asset, the prerendered /), captured
// into BARE_REPLAY_FILE by the bench and loaded by GET /reload before it is asked for: what
// sending that response costs a server doing nothing else.
const BARE_SERVER = `
const http = require('node:http');
const fs = require('node:fs');
const body = JSON.stringify({ status: 'ok', bare: true });
let replay;
http.createServer((req, res) => {
  if (req.url === '/replay') {
    res.writeHead(200, replay.headers);
    res.end(replay.body);
    return;
  }
  if (req.url === '/reload') {
    replay = JSON.parse(fs.readFileSync(process.env.BARE_REPLAY_FILE, 'utf8'));
    replay.body = Buffer.from(replay.bodyBase64, 'base64');
    res.writeHead(204);
    res.end();
    return;
  }
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}).listen(Number(process.env.PORT), '127.0.0.1');
`;

function rssMb(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024;
  } catch {
    return NaN;
  }
}

/** CPU seconds (user + system) the process has used so far; of its main thread alone with mainThread. */
function cpuSeconds(pid, mainThread = false) {
  try {
    const file = mainThread ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`;
    const fields = readFileSync(file, 'utf8').split(') ')[1].split(' ');
    // utime and stime are fields 14 and 15 of stat(5), in clock ticks (100 per second on Linux).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

/**
 * CPU seconds of the PostgreSQL processes serving one database, by pid: its
 * backends (their process title names the database) and the cluster's own
 * processes (WAL writer, checkpointer…, which name none and are shared with
 * anything else using the cluster). Linux only; an empty map elsewhere.
 */
function databaseCpuByPid(databaseName) {
  const seconds = new Map();
  let entries;
  try {
    entries = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return seconds;
  }
  for (const pid of entries) {
    let title;
    try {
      title = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
    } catch {
      continue;
    }
    if (!title.startsWith('postgres: ')) continue;
    // Backend titles read "postgres: [15/main: ]user database host(port) state".
    const isBackend = /\(\d+\)/.test(title) || / (idle|active|authentication)\b/.test(title);
    if (isBackend && !title.includes(` ${databaseName} `)) continue;
    const cpu = cpuSeconds(pid);
    if (Number.isFinite(cpu)) seconds.set(pid, cpu);
  }
  return seconds;
}

/** CPU seconds spent by the database's processes between two databaseCpuByPid readings. */
function databaseCpuSpent(before, after) {
  let total = 0;
  for (const [pid, cpu] of after) total += cpu - (before.get(pid) ?? 0);
  return total;
}

async function waitForOk(url, child, timeoutMs = 120_000) {
  const started = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${url}: process exited with ${child.exitCode}`);
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.ok) return performance.now() - started;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > timeoutMs) throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
    await sleep(5);
  }
}

async function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}

function startKeel({ port, dataDir, databaseUrl, authSecret, profile = false, extraEnv = {}, preload, extraFlags = [] }) {
  const env = {
    ...process.env,
    // Not 'production': that refuses an http APP_URL and a missing SMTP_URL, which a loopback
    // benchmark cannot provide (bench:web does the same). Limits, audit rows and logs are the same.
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    AUTH_SECRET: authSecret,
    // Request logs stay on (they are part of the product); they go to /dev/null here.
    LOG_LEVEL: 'info',
    // Every signup in the load comes from one loopback address: raise the per-IP limits (README).
    LIMIT_FORMS_IP_MAX: '1000000000',
    LIMIT_SIGN_IN_IP_MAX: '1000000',
    LIMIT_SIGN_UP_MAX: '1000000',
    // The "many addresses" sign-ups say which client each request stands for in X-Forwarded-For,
    // as a proxy in front of Keel would; believed only from loopback (README, TRUSTED_PROXIES).
    TRUSTED_PROXIES: '127.0.0.1',
    ...extraEnv,
  };
  delete env.SMTP_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  // As npm start and the Docker image run it (server-node-flags.mjs says why).
  const flags = [...SERVER_NODE_FLAGS];
  if (profile && CPU_PROF_DIR) flags.push('--cpu-prof', '--cpu-prof-dir', path.resolve(CPU_PROF_DIR));
  if (preload) flags.push('--import', pathToFileURL(preload).href);
  flags.push(...extraFlags);
  const child = spawn(process.execPath, [...flags, SERVER], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  return { child, startedAt: performance.now() };
}

function cpuMicros(usage) {
  return usage.user + usage.system;
}

/** One autocannon run; samples the server's RSS meanwhile. */
async function load(options) {
  const peak = { mb: 0 };
  const sampler = options.pid
    ? setInterval(() => {
        peak.mb = Math.max(peak.mb, rssMb(options.pid));
      }, 100)
    : null;
  const cpuBefore = options.pid ? cpuSeconds(options.pid) : NaN;
  const mainThreadBefore = options.pid ? cpuSeconds(options.pid, true) : NaN;
  // autocannon runs in this process: its CPU is the load generator's.
  const clientBefore = process.cpuUsage();
  const databaseBefore = options.databaseName ? databaseCpuByPid(options.databaseName) : null;
  try {
    const result = await autocannon({
      url: options.url,
      connections: CONNECTIONS,
      duration: DURATION,
      headers: options.headers ?? {},
      setupClient: options.setupClient,
    });
    const ok = result['2xx'];
    const bad = result.non2xx + result.errors + result.timeouts;
    return {
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      ok,
      bad,
      peakRssMb: peak.mb,
      // Server CPU per request: steadier than req/s when other work shares the machine.
      cpuMicrosPerRequest: ((cpuSeconds(options.pid) - cpuBefore) * 1e6) / Math.max(1, result.requests.total),
      // Of it, the JavaScript thread's (the rest is V8's garbage-collecting helpers and libuv's pool).
      mainThreadMicrosPerRequest: ((cpuSeconds(options.pid, true) - mainThreadBefore) * 1e6) / Math.max(1, result.requests.total),
      clientCpuMicrosPerRequest: cpuMicros(process.cpuUsage(clientBefore)) / Math.max(1, result.requests.total),
      databaseCpuMicrosPerRequest: databaseBefore
        ? (databaseCpuSpent(databaseBefore, databaseCpuByPid(options.databaseName)) * 1e6) / Math.max(1, result.requests.total)
        : undefined,
    };
  } finally {
    if (sampler) clearInterval(sampler);
  }
}

function hashedAssetPath() {
  const html = readFileSync(path.join(CLIENT, 'index.html'), 'utf8');
  const entry = html.match(/import\s*\(?\s*"(\/assets\/[^"]+\.js)"/) ?? html.match(/src="(\/assets\/[^"]+\.js)"/);
  if (entry) return entry[1];
  const any = readdirSync(path.join(CLIENT, 'assets')).find((file) => file.endsWith('.js'));
  return `/assets/${any}`;
}

/** A verified, signed-in account: the cookie a browser would send. */
async function signedInCookie(base, dataDir) {
  const email = `bench-${randomBytes(6).toString('hex')}@bench.test`;
  const cookie = await signUpVerified({ base, dataDir, name: 'Bench Saver', email, password: 'Bench-Saver-2026!' });
  // No wallet is linked (that takes an EIP-4361 signature): the route still looks up the session
  // and the user's linked wallets, and answers an empty list.
  const check = await fetch(`${base}/api/deposits`, { headers: { cookie } });
  if (!check.ok) throw new Error(`GET /api/deposits answered ${check.status}: ${await check.text()}`);
  return cookie;
}

/** Keel's answer to GET path (as a browser asks for it), saved for the bare server to replay. */
function captureResponse(base, pathname, file) {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${pathname}`, { headers: { 'accept-encoding': 'gzip, deflate, br' } }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => {
        const headers = Object.fromEntries(
          Object.entries(res.headers).filter(
            ([name]) => name !== 'date' && name !== 'x-request-id' && name !== 'connection' && name !== 'keep-alive',
          ),
        );
        const body = Buffer.concat(chunks);
        writeFileSync(file, JSON.stringify({ headers, bodyBase64: body.toString('base64') }));
        resolve(`${body.length} B ${res.headers['content-encoding'] ?? 'identity'}`);
      });
    });
    req.on('error', reject);
    req.end();
  });
}

const format = {
  rps: (value) => (Number.isFinite(value) ? Math.round(value).toLocaleString('en-US') : '-'),
  ms: (value) => (Number.isFinite(value) ? `${value}` : '-'),
  ratio: (value) => (Number.isFinite(value) ? `${Math.round(value * 100)}%` : ''),
  mb: (value) => (Number.isFinite(value) ? `${Math.round(value)} MB` : '-'),
};

function verdict(pass) {
  return pass ? 'ok' : 'MISSED';
}

async function benchDatabase(kind, ports, bare, assetPath, report) {
  const authSecret = randomBytes(32).toString('base64url');
  const dataDir = mkdtempSync(path.join(TMP, `keel-bench-${kind}-`));
  let database;
  if (kind === 'postgres') {
    database = await createPostgresDatabase('keel_bench');
    if (database.error) {
      console.log(`\n${kind}: skipped — ${database.error}`);
      rmSync(dataDir, { recursive: true, force: true });
      return null;
    }
  }
  const options = { port: ports.keel, dataDir, databaseUrl: database?.url, authSecret };
  const base = `http://127.0.0.1:${ports.keel}`;
  const figures = { database: kind, routes: [] };
  let keel;
  try {
    // First start creates the database and applies the migrations; the measured
    // cold start is the second one, on an existing database (what a restart sees).
    keel = startKeel(options);
    figures.firstStartMs = await waitForOk(`${base}/api/health`, keel.child);
    // Three restarts, the median reported: one start is a few hundred ms of CPU, and a busy spell on this
    // shared machine moved a single measurement by as much. The last one stays up for the routes.
    figures.coldStartRunsMs = [];
    for (let restart = 0; restart < 3; restart += 1) {
      await stop(keel.child);
      keel = startKeel({ ...options, profile: restart === 2 });
      await waitForOk(`${base}/api/health`, keel.child);
      // From spawn (not from the first poll) to the first healthy answer.
      figures.coldStartRunsMs.push(Math.round(performance.now() - keel.startedAt));
    }
    figures.coldStartMs = [...figures.coldStartRunsMs].sort((a, b) => a - b)[1];
    const pid = keel.child.pid;
    await sleep(2000);
    figures.idleRssAfterStartMb = rssMb(pid);

    const cookie = await signedInCookie(base, dataDir);
    const gzip = { 'accept-encoding': 'gzip, deflate, br' };
    const runId = randomBytes(3).toString('hex');
    const allRoutes = [
      { name: 'GET /api/config', path: '/api/config', compare: true },
      {
        name: `GET ${assetPath.replace(/-[\w-]{8}\.js$/, '-….js')} (hashed)`,
        path: assetPath,
        headers: gzip,
        ratio: BUDGETS.staticRatio,
        bareReplay: true,
      },
      { name: 'GET / (prerendered)', path: '/', headers: gzip, ratio: BUDGETS.staticRatio, bareReplay: true },
      { name: 'GET /api/health', path: '/api/health' },
      {
        name: 'POST /api/newsletter (unique)',
        path: '/api/newsletter',
        setupClient: writtenRequests((n) =>
          jsonPost(base, '/api/newsletter', { origin: base }, JSON.stringify({ email: `load-${runId}-${n}@bench.test` })),
        ),
        signup: true,
      },
      {
        // The same, each request from its own client address (X-Forwarded-For through a trusted
        // proxy): every sign-up has its own rate-limit key, as on a real site.
        name: 'POST /api/newsletter (unique, many IPs)',
        path: '/api/newsletter',
        setupClient: writtenRequests((n) =>
          jsonPost(
            base,
            '/api/newsletter',
            { origin: base, 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` },
            JSON.stringify({ email: `load-${runId}-many-${n}@bench.test` }),
          ),
        ),
        signup: true,
      },
      { name: 'GET /api/deposits (signed in)', path: '/api/deposits', headers: { cookie } },
      // Every signed-in page asks for it, with the session and the config (apps/web/scripts/preload-shell.mjs).
      { name: 'GET /api/wallet (signed in)', path: '/api/wallet', headers: { cookie } },
    ];
    const routes = allRoutes.filter(
      (route) => ROUTE_FILTER.length === 0 || ROUTE_FILTER.some((word) => route.name.toLowerCase().includes(word.toLowerCase())),
    );
    // Warm-up: one short pass per route so lazy work (gzip of a file, JIT) is not measured.
    for (const route of routes) {
      await autocannon({
        url: `${base}${route.path}`,
        connections: 2,
        amount: 200,
        headers: route.headers ?? {},
        setupClient: route.setupClient,
      });
    }
    await sleep(2000);
    figures.idleRssMb = rssMb(pid);
    let peakRssMb = figures.idleRssMb;
    for (const route of routes) {
      // A route compared with the bare server (a ratio budget, or compare) runs ROUNDS times, the bare server
      // right before Keel each time; the round with the median ratio is the one reported (its req/s, latencies
      // and CPU), and every round's ratio is printed.
      const compared = Boolean(route.ratio || route.compare);
      const rounds = [];
      for (let round = 0; round < (compared ? ROUNDS : 1); round += 1) {
        let bareFigures;
        if (compared) bareFigures = await load({ url: `${bare.url}/`, pid: bare.pid });
        let bareReplay;
        if (route.bareReplay) {
          const size = await captureResponse(base, route.path, bare.replayFile);
          await fetch(`${bare.url}/reload`);
          bareReplay = { ...(await load({ url: `${bare.url}/replay`, pid: bare.pid })), size };
        }
        const result = await load({
          url: `${base}${route.path}`,
          headers: route.headers,
          setupClient: route.setupClient,
          pid,
          databaseName: database?.name,
        });
        peakRssMb = Math.max(peakRssMb, result.peakRssMb);
        rounds.push({ bareFigures, bareReplay, result, ratio: bareFigures ? result.rps / bareFigures.rps : 0 });
      }
      const byRatio = [...rounds].sort((a, b) => a.ratio - b.ratio);
      const { bareFigures, bareReplay, result } = byRatio[Math.floor((byRatio.length - 1) / 2)];
      if (bareReplay) {
        console.log(
          `  ${kind.padEnd(8)} ${`bare server replaying it (${bareReplay.size})`.padEnd(40)} ${format.rps(bareReplay.rps).padStart(7)} req/s  p50 ${format.ms(bareReplay.p50)} ms  p99 ${format.ms(bareReplay.p99)} ms  bare ${format.rps(bareFigures.rps)} → ${format.ratio(bareReplay.rps / bareFigures.rps)}  cpu ${Math.round(bareReplay.cpuMicrosPerRequest)} µs/req  load generator ${Math.round(bareReplay.clientCpuMicrosPerRequest)} µs/req (bare ${Math.round(bareFigures.clientCpuMicrosPerRequest)})`,
        );
      }
      figures.routes.push({
        name: route.name,
        ...result,
        bareRps: bareFigures?.rps,
        ratio: bareFigures ? result.rps / bareFigures.rps : undefined,
        roundRatios: bareFigures ? rounds.map((round) => round.ratio) : undefined,
        budgetRatio: route.ratio,
        bareReplayRps: bareReplay?.rps,
        bareReplayCpuMicrosPerRequest: bareReplay?.cpuMicrosPerRequest,
        bareReplayClientCpuMicrosPerRequest: bareReplay?.clientCpuMicrosPerRequest,
        bareClientCpuMicrosPerRequest: bareFigures?.clientCpuMicrosPerRequest,
        signup: route.signup === true,
      });
      console.log(
        `  ${kind.padEnd(8)} ${route.name.padEnd(40)} ${format.rps(result.rps).padStart(7)} req/s  p50 ${format.ms(result.p50)} ms  p99 ${format.ms(result.p99)} ms${bareFigures ? `  bare ${format.rps(bareFigures.rps)} → ${format.ratio(result.rps / bareFigures.rps)}` : ''}${bareReplay ? ` (${format.ratio(result.rps / bareReplay.rps)} of the bare replay)` : ''}${result.bad ? `  (${result.bad} non-2xx/errors)` : ''}  cpu ${Math.round(result.cpuMicrosPerRequest)} µs/req${bareFigures ? ` (bare ${Math.round(bareFigures.cpuMicrosPerRequest)})  load generator ${Math.round(result.clientCpuMicrosPerRequest)} µs/req (bare ${Math.round(bareFigures.clientCpuMicrosPerRequest)})` : ''}  loadavg ${loadavg()[0].toFixed(1)}`,
      );
      if (rounds.length > 1) {
        console.log(
          `  ${kind.padEnd(8)} ${''.padEnd(40)} ratio in each of ${rounds.length} rounds: ${rounds.map((round) => format.ratio(round.ratio)).join(', ')} (median shown)`,
        );
      }
      if (route.signup) console.log(`  ${kind.padEnd(8)} ${''.padEnd(40)} ${machineShare(result)}`);
    }
    figures.peakRssMb = peakRssMb;
  } finally {
    if (keel) await stop(keel.child);
    await database?.drop?.();
    rmSync(dataDir, { recursive: true, force: true });
  }
  report.push(figures);
  return figures;
}

/**
 * Where a request's CPU went on this machine: Keel, PostgreSQL's processes for
 * its database, and the load generator (autocannon, in this process). Their sum
 * bounds the rate the machine's cores could sustain with nothing else running;
 * the share of Keel's JavaScript thread bounds what one Keel process can answer.
 */
function machineShare(result) {
  const parts = [['keel', result.cpuMicrosPerRequest]];
  if (Number.isFinite(result.databaseCpuMicrosPerRequest)) parts.push(['postgres', result.databaseCpuMicrosPerRequest]);
  parts.push(['load generator', result.clientCpuMicrosPerRequest]);
  const total = parts.reduce((sum, [, micros]) => sum + micros, 0);
  const cores = cpus().length;
  // Keel answers on one JavaScript thread: that thread's CPU per request bounds its rate whatever the cores.
  const threadMicros = result.mainThreadMicrosPerRequest;
  return `cpu per request: ${parts.map(([name, micros]) => `${name} ${Math.round(micros)}`).join(' + ')} = ${Math.round(total)} µs → at most ${format.rps((cores * 1e6) / total)}/s on ${cores} cores; Keel's JavaScript thread ${Math.round(threadMicros)} µs of it → at most ${format.rps(1e6 / threadMicros)}/s (${format.ratio((result.rps * threadMicros) / 1e6)} busy)`;
}

function printSummary(report) {
  console.log('\nroute                                     database     req/s     p50     p99   vs bare  budget');
  const lines = [];
  for (const figures of report) {
    for (const route of figures.routes) {
      let budget = '';
      if (route.budgetRatio) budget = `≥ ${route.budgetRatio * 100}% ${verdict(route.ratio >= route.budgetRatio)}`;
      if (route.signup && figures.database === 'postgres') {
        const { rps, p99 } = BUDGETS.signupPostgres;
        budget = `≥ ${rps}/s, p99 ≤ ${p99} ms ${verdict(route.rps >= rps && route.p99 <= p99)}`;
      }
      if (route.signup && figures.database === 'pglite') {
        budget = `≥ ${BUDGETS.signupPglite.rps}/s ${verdict(route.rps >= BUDGETS.signupPglite.rps)}`;
      }
      lines.push(
        `${route.name.padEnd(41)} ${figures.database.padEnd(9)} ${format.rps(route.rps).padStart(8)} ${`${route.p50}`.padStart(5)} ms ${`${route.p99}`.padStart(5)} ms ${format.ratio(route.ratio).padStart(7)}  ${budget}`,
      );
    }
  }
  console.log(lines.join('\n'));
  console.log('\nmemory and start-up');
  for (const figures of report) {
    const idleBudget = BUDGETS.idleRssMb[figures.database];
    const growth = figures.peakRssMb - figures.idleRssMb;
    console.log(
      `  ${figures.database.padEnd(9)} idle RSS ${format.mb(figures.idleRssMb)} (right after start ${format.mb(figures.idleRssAfterStartMb)}; budget ≤ ${idleBudget} MB ${verdict(figures.idleRssMb <= idleBudget)}), peak under load ${format.mb(figures.peakRssMb)} (+${Math.round(growth)} MB; budget ≤ +${BUDGETS.loadRssGrowthMb} MB ${verdict(growth <= BUDGETS.loadRssGrowthMb)})`,
    );
    const coldBudget =
      figures.database === 'postgres'
        ? ` (budget ≤ ${BUDGETS.coldStartPostgresMs} ms ${verdict(figures.coldStartMs <= BUDGETS.coldStartPostgresMs)})`
        : '';
    console.log(
      `  ${figures.database.padEnd(9)} cold start to first /api/health 200: ${Math.round(figures.coldStartMs)} ms on an existing database${coldBudget} (median of 3 restarts: ${figures.coldStartRunsMs.join(', ')} ms); first start with migrations ${Math.round(figures.firstStartMs)} ms`,
    );
  }
}

async function main() {
  if (!existsSync(SERVER) || !existsSync(path.join(CLIENT, 'index.html'))) {
    console.error('bench: the build is missing — run npm run build first');
    process.exit(1);
  }
  mkdirSync(TMP, { recursive: true });
  if (SOAK_SECONDS > 0) {
    const { soak } = await import('./bench-soak.mjs');
    const figures = await soak({
      seconds: SOAK_SECONDS,
      connections: Math.max(1, Math.round(CONNECTIONS / 2)),
      ports: { keel: FIRST_PORT + 1 },
      tmp: TMP,
      helpers: { startKeel, waitForOk, stop, rssMb, writtenRequests, jsonPost },
    });
    if (process.env.BENCH_JSON && figures) {
      writeFileSync(
        process.env.BENCH_JSON,
        `${JSON.stringify({ at: new Date().toISOString(), soakSeconds: SOAK_SECONDS, figures }, null, 2)}\n`,
      );
    }
    return;
  }
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
  console.log(`bench:server — ${machine}`);
  console.log(
    `autocannon: ${CONNECTIONS} connections, ${DURATION} s per route; load average at start ${loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')}\n`,
  );
  const ports = { bare: FIRST_PORT, keel: FIRST_PORT + 1 };
  const replayFile = path.join(mkdtempSync(path.join(TMP, 'keel-bench-replay-')), 'page.json');
  const bareChild = spawn(process.execPath, ['-e', BARE_SERVER], {
    env: { ...process.env, PORT: String(ports.bare), BARE_REPLAY_FILE: replayFile },
    stdio: 'inherit',
  });
  const bare = { url: `http://127.0.0.1:${ports.bare}`, pid: bareChild.pid, replayFile };
  const report = [];
  try {
    await waitForOk(`${bare.url}/`, bareChild);
    const assetPath = hashedAssetPath();
    for (const kind of DATABASES) {
      if (kind !== 'pglite' && kind !== 'postgres') throw new Error(`BENCH_DATABASES: unknown database ${kind}`);
      await benchDatabase(kind, ports, bare, assetPath, report);
    }
  } finally {
    await stop(bareChild);
    rmSync(path.dirname(replayFile), { recursive: true, force: true });
  }
  printSummary(report);
  console.log(
    `\nload average at the end ${loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')} — figures fluctuate on a shared machine; compare ratios.`,
  );
  if (process.env.BENCH_JSON) {
    writeFileSync(
      process.env.BENCH_JSON,
      `${JSON.stringify({ machine, connections: CONNECTIONS, durationS: DURATION, at: new Date().toISOString(), report }, null, 2)}\n`,
    );
  }
}

main().catch((error) => {
  console.error('bench failed:', error);
  process.exit(1);
});
