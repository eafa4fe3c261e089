import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { encodeFunctionData, erc20Abi, erc4626Abi, isHex, parseUnits, stringToHex, type Hash, type Hex } from 'viem';
import { base } from 'viem/chains';
import { createDemoWalletProvider } from '../apps/web/app/features/wallet/demo/demo-wallet-provider';
import { signIn } from '../demo/demo-account';
import { READY_MARKER, type DemoReady } from '../demo/demo-ready';
import demoWallet from '../demo/demo-wallet.json' with { type: 'json' };
import { signInThroughUi } from './support/auth-ui';
import { chainClients } from '../contracts/local-chain';
import { chainMissingReason } from './support/chain';

// The demo runs its own anvil; where anvil cannot run (macOS, ARM) the file skips, saying why.
test.skip(chainMissingReason() !== null, chainMissingReason() ?? '');

const ROOT = path.resolve(import.meta.dirname, '..');
// CI has built the production web app already; the demo serves it rather than building its own
// (the demo wallet's button is in the demo's own build; its EIP-1193 signer is driven below directly).
const WEB_BUILD = path.join(ROOT, 'apps/web/build/client');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

function waitForReady(demo: ChildProcess, timeoutMs: number): Promise<DemoReady> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`the demo was not ready in time:\n${output}`)), timeoutMs);
    demo.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n').find((candidate) => candidate.startsWith(READY_MARKER));
      if (line) {
        clearTimeout(timer);
        resolve(JSON.parse(line.slice(READY_MARKER.length)) as DemoReady);
      }
    });
    demo.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    demo.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the demo exited with ${code}:\n${output}`));
    });
  });
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

test('npm run demo: up on free ports, the demo account signs in, a demo-wallet deposit confirms, and stopping it stops everything', async ({
  page,
}) => {
  // Starting anvil, deploying, and a first PGlite start take a while on a busy 2-core CI machine.
  test.slow();
  expect(existsSync(path.join(WEB_BUILD, 'index.html')), 'run npm run build first').toBe(true);
  const port = await freePort();
  const dataParent = mkdtempSync(path.join(tmpdir(), 'keel-demo-test-'));
  const demo = spawn(
    process.execPath,
    ['--import', 'tsx', 'demo/run-demo.ts', '--no-build', `--web-build=${WEB_BUILD}`, `--data-dir=${dataParent}`],
    { cwd: ROOT, env: { ...process.env, PORT: String(port), LOG_LEVEL: 'warn' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const exited = new Promise<number | null>((resolve) => demo.once('exit', (code) => resolve(code)));
  try {
    const ready = await waitForReady(demo, 180_000);
    expect(ready.appUrl).toBe(`http://localhost:${port}`);

    // Health answers on the port the demo was given.
    const health = await fetch(`${ready.appUrl}/api/health`);
    expect(health.status).toBe(200);

    // The printed account is verified: it signs in through the real sign-in page.
    await page.goto(`${ready.appUrl}/sign-in`);
    await signInThroughUi(page, ready.email, ready.password);
    await page.waitForURL(/\/vault-dashboard$/);

    // The demo wallet (the signer the demo build puts behind its "Demo wallet" button) links and deposits.
    const cookie = await signIn(ready.appUrl, ready);
    const api = async (method: string, route: string, body?: unknown) => {
      const response = await fetch(`${ready.appUrl}${route}`, {
        method,
        headers: { cookie, origin: ready.appUrl, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    const chain = { ...base, rpcUrls: { default: { http: [ready.rpcUrl] } } };
    if (!isHex(demoWallet.privateKey)) throw new Error('demo/demo-wallet.json holds no hex key');
    const wallet = createDemoWalletProvider({ privateKey: demoWallet.privateKey, chain, rpcUrl: ready.rpcUrl });
    expect(await wallet.request({ method: 'eth_requestAccounts' })).toEqual([ready.wallet]);
    const issued = await api('POST', '/api/wallet/link-message', { walletAddress: ready.wallet });
    expect(issued.status).toBe(200);
    const message = String(issued.body.message);
    const signature = await wallet.request({ method: 'personal_sign', params: [stringToHex(message), ready.wallet] });
    const linked = await api('PUT', '/api/wallet', { message, signature });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);

    const { publicClient } = chainClients(ready.rpcUrl);
    const amount = parseUnits('250', 6);
    const send = async (to: Hex, data: Hex): Promise<Hash> => {
      const hash = await wallet.request({ method: 'eth_sendTransaction', params: [{ from: ready.wallet, to, data }] });
      if (!isHex(hash)) throw new Error('the demo wallet answered no transaction hash');
      const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 200 });
      expect(receipt.status).toBe('success');
      return hash;
    };
    const vault = ready.vaults.everydayCash;
    await send(ready.usdc, encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [vault, amount] }));
    const depositHash = await send(
      vault,
      encodeFunctionData({ abi: erc4626Abi, functionName: 'deposit', args: [amount, ready.wallet] }),
    );
    const recorded = await api('POST', '/api/transfers', {
      txHash: depositHash,
      kind: 'deposit',
      walletAddress: ready.wallet,
      vaultAddress: vault,
      requestedAssets: amount.toString(),
    });
    expect(recorded.status, JSON.stringify(recorded.body)).toBe(201);

    // The server confirms it from its own receipt check, and the position reads from chain.
    await expect
      .poll(async () => ((await api('GET', '/api/transfers')).body.transfers as { status: string }[])[0]?.status, {
        timeout: 30_000,
      })
      .toBe('confirmed');
    const positions = (await api('GET', '/api/positions')).body.positions as { vaultAddress: string; assets: string }[];
    const position = positions.find((entry) => entry.vaultAddress === vault.toLowerCase());
    expect(BigInt(position?.assets ?? '0')).toBeGreaterThanOrEqual(amount - 1n);

    // SIGTERM (as Ctrl-C's SIGINT) stops the server and anvil and removes the data directory.
    demo.kill('SIGTERM');
    expect(await exited).toBe(0);
    for (const pid of ready.pids) expect(isRunning(pid), `process ${pid} is still running`).toBe(false);
    expect(existsSync(ready.dataDir)).toBe(false);
  } finally {
    // On a failure too, stop the demo the way a user would, so it takes anvil and the server with it.
    if (demo.exitCode === null && demo.signalCode === null) {
      demo.kill('SIGTERM');
      const stopped = await Promise.race([
        exited.then(() => true),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 20_000)),
      ]);
      if (!stopped) demo.kill('SIGKILL');
    }
    rmSync(dataParent, { recursive: true, force: true });
  }
});
