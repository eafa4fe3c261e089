import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import path from 'node:path';
import { parseEther, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { SAFE_ACCOUNT_ADDRESSES } from '../packages/core/src/safe-account.js';
import { setEthBalance, stopProcess } from './local-chain.js';

/**
 * A real ERC-4337 bundler (Pimlico's alto, from npm) against a local chain, run as its own process
 * the way a hosted bundler is a service of its own. Unsafe mode: alto's ERC-7562 tracer checks fail
 * on anvil, so a hosted bundler may refuse what passes here.
 */

/** Test-only keys the bundler sends handleOps from (executor) and funds itself from (utility); funded with anvil_setBalance. */
const EXECUTOR_KEY: Hex = '0x4b65656c206c6f63616c2062756e646c6572206578656375746f72206b657921';
const UTILITY_KEY: Hex = '0x4b65656c206c6f63616c2062756e646c6572207574696c697479206b65792121';

export type LocalBundler = {
  /** Its JSON-RPC URL: BUNDLER_URL for the server and the client. */
  url: string;
  pid: number | undefined;
  stop: () => Promise<void>;
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_supportedEntryPoints', params: [] }),
      signal: AbortSignal.timeout(1_000),
    });
    const body = (await response.json()) as { result?: string[] };
    return Array.isArray(body.result) && body.result.length > 0;
  } catch {
    return false;
  }
}

/**
 * Starts alto on a free port against `rpcUrl` (a chain with EntryPoint v0.7 at its canonical
 * address, see safe-stack.ts) and resolves once it answers JSON-RPC.
 */
export async function startLocalBundler(
  rpcUrl: string,
  options: {
    blockTimeMs?: number;
    /** Where alto's warnings and errors are also written, for a failed run's post-mortem. */ logFile?: string;
  } = {},
): Promise<LocalBundler> {
  for (const key of [EXECUTOR_KEY, UTILITY_KEY]) {
    await setEthBalance(rpcUrl, privateKeyToAccount(key).address, parseEther('1000'));
  }
  const port = await freePort();
  // The package exports only its library entry (esm/index.js); the CLI sits beside it.
  const cli = path.join(path.dirname(createRequire(import.meta.url).resolve('@pimlico/alto')), 'cli', 'alto.js');
  const child = spawn(
    process.execPath,
    [
      cli,
      'run',
      '--rpc-url',
      rpcUrl,
      '--entrypoints',
      SAFE_ACCOUNT_ADDRESSES.entryPoint,
      '--executor-private-keys',
      EXECUTOR_KEY,
      '--utility-private-key',
      UTILITY_KEY,
      '--safe-mode',
      'false',
      '--port',
      String(port),
      '--block-time',
      String(options.blockTimeMs ?? 250),
      '--min-bundle-interval',
      '50',
      '--log-level',
      'warn',
      // The web app sends a passkey account's operations straight from the browser, another origin.
      '--enable-cors',
      'true',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  if (options.logFile) {
    const log = createWriteStream(options.logFile, { flags: 'a' });
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
  }
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const stop = async () => {
    process.off('exit', killOnExit);
    await stopProcess(child);
  };

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  while (!(await answers(url))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`the bundler (alto) did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, pid: child.pid, stop };
}
