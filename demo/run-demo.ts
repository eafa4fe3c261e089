/**
 * npm run demo: Keel on a local chain, in one command.
 *
 * anvil with Base's chain id (8453) on a free port, the mock USDC and the three
 * ERC-4626 test vaults, a funded demo wallet, Keel on loopback with its own
 * fresh data directory and dev outbox, a verified demo account, and yield
 * added to the vaults every minute. Ctrl-C or SIGTERM stops all of it.
 *
 * Flags: --no-build (use the builds as they are), --web-build=DIR (serve
 * another built web app, e.g. the production one, instead of the demo's own),
 * --data-dir=DIR (where the fresh data directory is made; the system's temp
 * directory by default). PORT picks Keel's port (default: the first free one
 * from 3000).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getAddress, parseEther } from 'viem';
import { startLocalBundler, type LocalBundler } from '../contracts/bundler';
import { mintUsdc, rpc, setEthBalance, startLocalChain, type LocalChain } from '../contracts/local-chain';
import { CORE_OUTPUT, DEMO_WEB_OUTPUT, SERVER_OUTPUT, staleReason } from '../scripts/build-freshness.mjs';
import { createVerifiedAccount, type DemoAccount } from './demo-account';
import { READY_MARKER, type DemoReady } from './demo-ready';
import { prepareYield } from './demo-yield';
import demoWallet from './demo-wallet.json' with { type: 'json' };

const ROOT = path.resolve(import.meta.dirname, '..');
const YIELD_INTERVAL_MS = 60_000;
/** Base makes a block every 2 seconds; so does the demo chain once it is set up. */
const BLOCK_TIME_SECONDS = 2;
const DEMO_WALLET_USDC = '10000';
const DEMO_WALLET_ETH = '10';

type Options = { build: boolean; webBuildDir: string; ownWebBuild: boolean; dataParent: string; port: number | null };

function readOptions(argv: readonly string[], env: NodeJS.ProcessEnv): Options {
  const value = (name: string) => argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
  const port = env.PORT ? Number(env.PORT) : null;
  if (port !== null && !(Number.isInteger(port) && port > 0 && port < 65536))
    throw new Error(`PORT must be a port number, not "${env.PORT}"`);
  const webBuild = value('web-build');
  return {
    build: !argv.includes('--no-build'),
    webBuildDir: path.resolve(ROOT, webBuild ?? path.dirname(DEMO_WEB_OUTPUT.built)),
    ownWebBuild: webBuild === undefined,
    dataParent: path.resolve(value('data-dir') ?? tmpdir()),
    port,
  };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): void {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
}

/** Builds what is missing or older than its sources: core, the server, and the web app with the demo wallet. */
function buildIfNeeded(options: Options): void {
  const steps: { reason: string | null; build: () => void }[] = [
    { reason: staleReason(CORE_OUTPUT), build: () => run('npm', ['run', 'build', '-w', '@keel/core']) },
    {
      // Another web build (--web-build) is served as it is.
      reason: options.ownWebBuild ? staleReason(DEMO_WEB_OUTPUT) : null,
      build: () =>
        run('npm', ['run', 'build', '-w', '@keel/web'], { ...process.env, KEEL_DEMO_WALLET_KEY: demoWallet.privateKey }),
    },
    { reason: staleReason(SERVER_OUTPUT), build: () => run('npm', ['run', 'build', '-w', '@keel/server']) },
  ];
  for (const step of steps) {
    if (!step.reason) continue;
    if (!options.build) throw new Error(`${step.reason}; run without --no-build to build it`);
    console.log(`Building first: ${step.reason}.`);
    step.build();
  }
}

function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

async function choosePort(requested: number | null): Promise<number> {
  if (requested !== null) {
    if (!(await isPortFree(requested))) throw new Error(`port ${requested} is taken`);
    return requested;
  }
  for (let port = 3000; port < 3100; port += 1) if (await isPortFree(port)) return port;
  throw new Error('no free port between 3000 and 3099: set PORT');
}

async function waitForHealth(url: string, server: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the Keel server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the Keel server did not become healthy in time');
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

function demoPassword(): string {
  // Random per run, and passes every password rule (length, upper, lower, digit, symbol).
  return `Demo-${randomBytes(6).toString('hex')}-Kx7!`;
}

async function main(): Promise<void> {
  const options = readOptions(process.argv.slice(2), process.env);
  buildIfNeeded(options);

  let chain: LocalChain | null = null;
  let bundler: LocalBundler | null = null;
  let server: ChildProcess | null = null;
  let yieldTimer: NodeJS.Timeout | null = null;
  let dataDir: string | null = null;
  let stopping: Promise<void> | null = null;
  const stop = (code: number) =>
    (stopping ??= (async () => {
      if (yieldTimer) clearInterval(yieldTimer);
      if (server) await stopChild(server);
      if (bundler) await bundler.stop();
      if (chain) await chain.stop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
      console.log(
        'Keel demo stopped: the server, the bundler, anvil and the yield loop are gone, and so is the demo data directory.',
      );
      process.exit(code);
    })());
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop(0));

  try {
    mkdirSync(options.dataParent, { recursive: true });
    dataDir = mkdtempSync(path.join(options.dataParent, 'keel-demo-'));
    const port = await choosePort(options.port);

    chain = await startLocalChain();
    const wallet = getAddress(demoWallet.address);
    await mintUsdc(chain.rpcUrl, chain.usdc, wallet, DEMO_WALLET_USDC);
    await setEthBalance(chain.rpcUrl, wallet, parseEther(DEMO_WALLET_ETH));
    const yieldTicker = await prepareYield(chain.rpcUrl, chain.usdc, chain.vaults);
    await rpc(chain.rpcUrl, 'evm_setIntervalMining', [BLOCK_TIME_SECONDS]);
    // Passkey accounts' operations go through a real bundler; the chain's own paymaster pays their fees.
    bundler = await startLocalBundler(chain.rpcUrl, { blockTimeMs: BLOCK_TIME_SECONDS * 1000 });

    const appUrl = `http://localhost:${port}`;
    // The demo's data lives in its own directory and its mail in the outbox: never a database,
    // mail server or secret the shell happens to point at.
    const { DATABASE_URL: _database, SMTP_URL: _smtp, AUTH_SECRET: _secret, INDEX_FROM_BLOCK: _from, ...inherited } = process.env;
    const env: NodeJS.ProcessEnv = {
      ...inherited,
      ...chain.env,
      BUNDLER_URL: bundler.url,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: appUrl,
      DATA_DIR: dataDir,
      DEV_OUTBOX: '1',
      WEB_BUILD_DIR: options.webBuildDir,
      CHAIN_POLL_MS: '1000',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    };
    server = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], { cwd: ROOT, env, stdio: 'inherit' });
    server.once('exit', (code) => {
      if (!stopping) {
        console.error(`The Keel server exited (${code}); stopping the demo.`);
        void stop(1);
      }
    });
    await waitForHealth(appUrl, server, 90_000);

    const account: DemoAccount = { name: 'Demo Saver', email: 'demo@keel.local', password: demoPassword() };
    await createVerifiedAccount(appUrl, account);

    const addYield = () =>
      yieldTicker.tick().catch((error: unknown) => {
        if (!stopping) console.error('demo yield: a tick failed', error);
      });
    await addYield();
    yieldTimer = setInterval(() => void addYield(), YIELD_INTERVAL_MS);

    console.log(
      [
        '',
        'Keel demo is running on a local chain (anvil, chain id 8453, a block every 2 s).',
        `  Open       ${appUrl}`,
        `  Email      ${account.email}`,
        `  Password   ${account.password}`,
        `  Wallet     choose "Demo wallet" in the wallet panel: ${wallet}, ${DEMO_WALLET_USDC} USDC and ${DEMO_WALLET_ETH} ETH on the demo chain only`,
        '  Yield      added to every vault each minute (accelerated, so earnings move within minutes)',
        `  Mail       ${appUrl}/api/dev/outbox   API reference ${appUrl}/api/docs`,
        `  Chain      ${chain.rpcUrl}   Bundler ${bundler.url}   Data ${dataDir} (removed on stop)`,
        'Press Ctrl-C to stop everything.',
        '',
      ].join('\n'),
    );
    const ready: DemoReady = {
      appUrl,
      rpcUrl: chain.rpcUrl,
      email: account.email,
      password: account.password,
      wallet,
      vaults: chain.vaults,
      usdc: chain.usdc,
      pids: [server.pid, chain.pid].filter((pid): pid is number => pid !== undefined),
      dataDir,
    };
    console.log(`${READY_MARKER}${JSON.stringify(ready)}`);
  } catch (error) {
    console.error('Keel demo failed to start:', error instanceof Error ? error.message : error);
    await stop(1);
  }
}

await main();
