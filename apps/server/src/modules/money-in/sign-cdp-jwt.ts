import { createPrivateKey, randomBytes, sign, type KeyObject } from 'node:crypto';

/** PKCS#8 DER prefix of an Ed25519 private key, before its 32-byte seed. */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

type SigningKey = { algorithm: 'EdDSA' | 'ES256'; key: KeyObject };

/**
 * A Coinbase Developer Platform secret key: an EC private key in PEM (ES256), or an Ed25519 key as base64 of its
 * 64 bytes (seed, then public key) as the CDP portal shows it.
 */
export function parseCdpKeySecret(secret: string): SigningKey {
  const text = secret.replace(/\\n/g, '\n').trim();
  if (text.startsWith('-----BEGIN')) return { algorithm: 'ES256', key: createPrivateKey(text) };
  const raw = Buffer.from(text, 'base64');
  if (raw.length !== 64) throw new Error('the key secret is neither a PEM EC key nor a base64 Ed25519 key of 64 bytes');
  const der = Buffer.concat([ED25519_PKCS8_PREFIX, raw.subarray(0, 32)]);
  return { algorithm: 'EdDSA', key: createPrivateKey({ key: der, format: 'der', type: 'pkcs8' }) };
}

const base64url = (value: Buffer | string) => Buffer.from(value).toString('base64url');

/**
 * The short-lived bearer token CDP's REST APIs take: signed with the secret key, naming the one request it
 * authorises ("POST host/path"), valid two minutes.
 */
export function signCdpJwt(options: { keyId: string; key: SigningKey; method: string; url: URL; nowSeconds: number }): string {
  const header = { alg: options.key.algorithm, kid: options.keyId, typ: 'JWT', nonce: randomBytes(16).toString('hex') };
  const claims = {
    sub: options.keyId,
    iss: 'cdp',
    nbf: options.nowSeconds,
    exp: options.nowSeconds + 120,
    uris: [`${options.method} ${options.url.host}${options.url.pathname}`],
  };
  const signingInput = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(claims))}`;
  const signature =
    options.key.algorithm === 'EdDSA'
      ? sign(null, Buffer.from(signingInput), options.key.key)
      : sign('sha256', Buffer.from(signingInput), { key: options.key.key, dsaEncoding: 'ieee-p1363' });
  return `${signingInput}.${base64url(signature)}`;
}
