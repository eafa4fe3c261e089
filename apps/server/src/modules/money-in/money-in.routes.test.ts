import { generateKeyPairSync, verify, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passkeyAccounts, userWallets } from '../../db/schema.js';
import { fromSocket } from '../../test-support/auth-requests.js';
import { createSignedInUser } from '../../test-support/auth.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';

const WALLET = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const KEY_ID = 'organizations/keel-test/apiKeys/onramp';

/** A stand-in for Coinbase's session-token API: it checks the request as the real one would, and records it. */
type Seen = { method: string; path: string; authorization: string; body: unknown };
function startStandIn(publicKey: KeyObject): Promise<{ server: Server; url: string; seen: Seen[]; answer: { status: number } }> {
  const seen: Seen[] = [];
  const answer = { status: 200 };
  const server = createServer((request: IncomingMessage, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      const authorization = request.headers.authorization ?? '';
      seen.push({ method: request.method ?? '', path: request.url ?? '', authorization, body: JSON.parse(raw) });
      const [header, claims, signature] = authorization.replace(/^Bearer /, '').split('.');
      const signed =
        header && claims && signature
          ? verify(null, Buffer.from(`${header}.${claims}`), publicKey, Buffer.from(signature, 'base64url'))
          : false;
      if (!signed || request.headers['content-type'] !== 'application/json') {
        response.writeHead(401).end('{"errorMessage":"unauthorized"}');
        return;
      }
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer.status === 200 ? { token: 'session-token-1', channel_id: '' } : {}));
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, url: `http://127.0.0.1:${port}/onramp`, seen, answer });
    });
  });
}

function decodePart(part: string | undefined): unknown {
  return JSON.parse(Buffer.from(part ?? '', 'base64url').toString('utf8'));
}

const { publicKey, privateKey } = generateKeyPairSync('ed25519');
// The CDP portal shows an Ed25519 secret as base64 of seed + public key.
const SECRET = Buffer.concat([
  privateKey.export({ format: 'der', type: 'pkcs8' }).subarray(-32),
  publicKey.export({ format: 'der', type: 'spki' }).subarray(-32),
]).toString('base64');

let standIn: Awaited<ReturnType<typeof startStandIn>>;
let t: TestApp;
let off: TestApp;
beforeAll(async () => {
  standIn = await startStandIn(publicKey);
  t = await createTestApp({
    env: {
      COINBASE_ONRAMP_API_KEY_ID: KEY_ID,
      COINBASE_ONRAMP_API_KEY_SECRET: SECRET,
      COINBASE_ONRAMP_API_URL: standIn.url,
      COINBASE_ONRAMP_PAY_URL: 'https://pay.coinbase.com/buy/select-asset',
      // Nothing answers here: the balance read fails at once.
      BASE_RPC_URL: 'http://127.0.0.1:1',
    },
  });
  off = await createTestApp();
});
afterAll(async () => {
  await t?.close();
  await off?.close();
  standIn?.server.close();
});

async function signedInWithWallet(app: TestApp) {
  const signedIn = await createSignedInUser(app);
  await app.deps.db.insert(userWallets).values({
    email: signedIn.user.email,
    userId: signedIn.user.id,
    walletAddress: WALLET,
    chainId: 8453,
    linkedAt: new Date(),
  });
  return signedIn;
}

function startSession(app: TestApp, cookie: string, address: string) {
  return app.app.request(
    '/api/money-in/onramp-session',
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: app.config.appUrl, cookie },
      body: JSON.stringify({ address }),
    },
    fromSocket('203.0.113.7'),
  );
}

describe('GET /api/money-in/addresses', () => {
  it('lists each address the saver saves from in full, and says so when its balance cannot be read', async () => {
    const { cookie } = await signedInWithWallet(t);
    const response = await t.app.request('/api/money-in/addresses', { headers: { cookie } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      chainId: t.config.chainId,
      // In EIP-55 mixed case, as wallets and exchanges show it.
      addresses: [{ kind: 'linked-wallet', address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', usdc: null }],
    });
    const empty = await createSignedInUser(t);
    const none = await t.app.request('/api/money-in/addresses', { headers: { cookie: empty.cookie } });
    expect(await none.json()).toEqual({ chainId: t.config.chainId, addresses: [] });
  });

  it('names the passkey savings account as such, not as a wallet app', async () => {
    const { cookie, user } = await createSignedInUser(t);
    const safe = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc';
    // Creating the account links it as the saver's wallet.
    await t.deps.db
      .insert(userWallets)
      .values({ email: user.email, userId: user.id, walletAddress: safe, chainId: 8453, linkedAt: new Date() });
    await t.deps.db.insert(passkeyAccounts).values({
      userId: user.id,
      address: safe,
      credentialId: `credential-${user.id}`,
      publicKeyX: `0x${'1'.repeat(64)}`,
      publicKeyY: `0x${'2'.repeat(64)}`,
      recoveryOwner: '0x90f79bf6eb2c4f870365e785982e1f101e93b906',
      verifier: '256',
    });
    const response = await t.app.request('/api/money-in/addresses', { headers: { cookie } });
    expect(await response.json()).toEqual({
      chainId: t.config.chainId,
      addresses: [{ kind: 'savings-account', address: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC', usdc: null }],
    });
  });
});

describe('POST /api/money-in/onramp-session', () => {
  it("asks Coinbase for a session token for the saver's address, Base and USDC preset, and opens its page with it", async () => {
    const { cookie } = await signedInWithWallet(t);
    const response = await startSession(t, cookie, WALLET.toUpperCase().replace('0X', '0x'));
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toEqual({
      url: 'https://pay.coinbase.com/buy/select-asset?sessionToken=session-token-1&defaultNetwork=base&defaultAsset=USDC',
    });

    const request = standIn.seen.at(-1);
    expect(request).toMatchObject({ method: 'POST', path: '/onramp/v1/token' });
    expect(request?.body).toEqual({
      addresses: [{ address: WALLET, blockchains: ['base'] }],
      assets: ['USDC'],
      clientIp: '203.0.113.7',
    });
    const [header, claims] = (request?.authorization ?? '').replace(/^Bearer /, '').split('.');
    expect(decodePart(header)).toMatchObject({ alg: 'EdDSA', kid: KEY_ID, nonce: expect.stringMatching(/^[0-9a-f]{32}$/) });
    const host = new URL(standIn.url).host;
    expect(decodePart(claims)).toMatchObject({ sub: KEY_ID, iss: 'cdp', uris: [`POST ${host}/onramp/v1/token`] });
    // The key stays on the server: the browser gets the page, never the secret or the bearer token.
    expect(JSON.stringify(await (await t.app.request('/api/config')).json())).not.toContain(SECRET);
  });

  it('refuses an address the saver does not save from, without asking Coinbase', async () => {
    const { cookie } = await signedInWithWallet(t);
    const before = standIn.seen.length;
    const response = await startSession(t, cookie, '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc');
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      error: { code: 'FORBIDDEN', message: 'Keel can only send bought USDC to an address you save from.' },
    });
    expect(standIn.seen.length).toBe(before);
  });

  it('says Coinbase could not start a purchase when its API refuses', async () => {
    const { cookie } = await signedInWithWallet(t);
    standIn.answer.status = 500;
    try {
      const response = await startSession(t, cookie, WALLET);
      expect(response.status).toBe(502);
      expect(await response.json()).toEqual({
        error: {
          code: 'UPSTREAM_FAILED',
          message: 'Coinbase could not start a purchase right now. Please try again in a minute.',
        },
      });
    } finally {
      standIn.answer.status = 200;
    }
  });

  it('is off by default: the browser is told so, and the route says why', async () => {
    expect(await (await off.app.request('/api/config')).json()).toMatchObject({ onrampEnabled: false });
    expect(await (await t.app.request('/api/config')).json()).toMatchObject({ onrampEnabled: true });
    const { cookie } = await signedInWithWallet(off);
    const response = await startSession(off, cookie, WALLET);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      error: { code: 'UNAVAILABLE', message: 'Buying USDC with a card or bank is not set up on this server.' },
    });
  });

  it('starts at most LIMIT_ONRAMP_MAX purchases per user in its window, then says when to try again', async () => {
    const limited = await createTestApp({
      env: {
        COINBASE_ONRAMP_API_KEY_ID: KEY_ID,
        COINBASE_ONRAMP_API_KEY_SECRET: SECRET,
        COINBASE_ONRAMP_API_URL: standIn.url,
        BASE_RPC_URL: 'http://127.0.0.1:1',
        LIMIT_ONRAMP_MAX: '2',
      },
    });
    try {
      const { cookie } = await signedInWithWallet(limited);
      const asked = standIn.seen.length;
      expect((await startSession(limited, cookie, WALLET)).status).toBe(200);
      expect((await startSession(limited, cookie, WALLET)).status).toBe(200);
      const refused = await startSession(limited, cookie, WALLET);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await refused.json()).toMatchObject({
        error: {
          code: 'RATE_LIMITED',
          message: expect.stringMatching(/^Too many purchases started\. Please try again in \d+ seconds\.$/),
        },
      });
      // The refused one never reached Coinbase; another saver still can.
      expect(standIn.seen.length - asked).toBe(2);
      const other = await signedInWithWallet(limited);
      expect((await startSession(limited, other.cookie, WALLET)).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('refuses a signed-out visitor', async () => {
    const response = await t.app.request('/api/money-in/onramp-session', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: t.config.appUrl },
      body: JSON.stringify({ address: WALLET }),
    });
    expect(response.status).toBe(401);
  });
});
