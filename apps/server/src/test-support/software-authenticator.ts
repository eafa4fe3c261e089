import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A passkey authenticator in software for the server tests: one P-256 key,
 * attestation "none", answers shaped as a browser's PublicKeyCredential.toJSON().
 * Only the CBOR the attestation object needs is encoded here.
 */

function base64url(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('base64url');
}

function cborHead(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 256) return Buffer.from([(major << 5) | 24, length]);
  return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
}

type CborValue = number | string | Uint8Array | Map<CborValue, CborValue>;

function cbor(value: CborValue): Buffer {
  if (typeof value === 'number') return value >= 0 ? cborHead(0, value) : cborHead(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([cborHead(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([cborHead(2, value.length), value]);
  const parts = [cborHead(5, value.size)];
  for (const [key, entry] of value) parts.push(cbor(key), cbor(entry));
  return Buffer.concat(parts);
}

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_CREDENTIAL = 0x40;

export type SoftwareAuthenticator = {
  credentialId: string;
  /** A browser's answer to navigator.credentials.create() for these creation options. */
  register: (options: { challenge: string; user: { id: string } }) => Record<string, unknown>;
  /** A browser's answer to navigator.credentials.get() for this challenge. */
  signIn: (challenge: string, options?: { userVerified?: boolean }) => Record<string, unknown>;
};

export function createSoftwareAuthenticator(site: { origin: string; rpId: string }): SoftwareAuthenticator {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const credentialId = randomBytes(16);
  const rpIdHash = createHash('sha256').update(site.rpId).digest();
  let signCount = 0;
  let userHandle = '';

  const clientData = (type: string, challenge: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin: site.origin, crossOrigin: false }));

  const coseKey = (key: KeyObject) => {
    const jwk = key.export({ format: 'jwk' });
    if (!jwk.x || !jwk.y) throw new Error('P-256 key without coordinates');
    return cbor(
      new Map<CborValue, CborValue>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x, 'base64url')],
        [-3, Buffer.from(jwk.y, 'base64url')],
      ]),
    );
  };

  const counterBytes = () => {
    const bytes = Buffer.alloc(4);
    bytes.writeUInt32BE(signCount);
    return bytes;
  };

  /** PublicKeyCredential.toJSON()'s fields around a ceremony's own response. */
  const credential = (response: Record<string, unknown>) => ({
    id: base64url(credentialId),
    rawId: base64url(credentialId),
    type: 'public-key',
    authenticatorAttachment: 'platform',
    clientExtensionResults: {},
    response,
  });

  return {
    credentialId: base64url(credentialId),
    register(options) {
      userHandle = options.user.id;
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credentialId.length);
      const authData = Buffer.concat([
        rpIdHash,
        Buffer.from([FLAG_USER_PRESENT | FLAG_USER_VERIFIED | FLAG_ATTESTED_CREDENTIAL]),
        counterBytes(),
        Buffer.alloc(16),
        idLength,
        credentialId,
        coseKey(publicKey),
      ]);
      const attestationObject = cbor(
        new Map<CborValue, CborValue>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]),
      );
      return credential({
        clientDataJSON: base64url(clientData('webauthn.create', options.challenge)),
        attestationObject: base64url(attestationObject),
        transports: ['internal'],
      });
    },
    signIn(challenge, options = {}) {
      signCount += 1;
      const flags = FLAG_USER_PRESENT | (options.userVerified === false ? 0 : FLAG_USER_VERIFIED);
      const authenticatorData = Buffer.concat([rpIdHash, Buffer.from([flags]), counterBytes()]);
      const clientDataJSON = clientData('webauthn.get', challenge);
      const signed = Buffer.concat([authenticatorData, createHash('sha256').update(clientDataJSON).digest()]);
      return credential({
        clientDataJSON: base64url(clientDataJSON),
        authenticatorData: base64url(authenticatorData),
        signature: base64url(sign('sha256', signed, privateKey)),
        userHandle,
      });
    },
  };
}
