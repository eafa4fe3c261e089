import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/** What navigator.credentials.create answers, as PublicKeyCredential.toJSON() gives it. */
export type RegistrationJson = {
  id: string;
  rawId: string;
  type: 'public-key';
  response: { clientDataJSON: string; attestationObject: string; transports: string[] };
  clientExtensionResults: Record<string, never>;
};

export type SoftwarePasskeyOptions = {
  challenge: string;
  rpId: string;
  origin: string;
  /** The authenticator verified the user (PIN, biometrics); true unless a test says otherwise. */
  userVerified?: boolean;
  /** COSE algorithm of the key: -7 (ES256) unless a test wants another (-8, Ed25519). */
  algorithm?: -7 | -8;
  /** An ES256 key's coordinates (0x hex) to register, when the test also signs with that key. */
  coordinates?: { x: string; y: string };
};

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_CREDENTIAL = 0x40;

function coseKey(
  algorithm: -7 | -8,
  coordinates?: { x: string; y: string },
): { key: Map<number, number | Uint8Array>; x: Buffer; y: Buffer | null } {
  if (algorithm === -8) {
    const jwk = generateKeyPairSync('ed25519').publicKey.export({ format: 'jwk' });
    const x = Buffer.from(jwk.x ?? '', 'base64url');
    return {
      key: new Map<number, number | Uint8Array>([
        [1, 1],
        [3, -8],
        [-1, 6],
        [-2, new Uint8Array(x)],
      ]),
      x,
      y: null,
    };
  }
  const jwk = coordinates ? null : generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ format: 'jwk' });
  const x = coordinates ? Buffer.from(coordinates.x.slice(2), 'hex') : Buffer.from(jwk?.x ?? '', 'base64url');
  const y = coordinates ? Buffer.from(coordinates.y.slice(2), 'hex') : Buffer.from(jwk?.y ?? '', 'base64url');
  const key = new Map<number, number | Uint8Array>([
    [1, 2],
    [3, -7],
    [-1, 1],
    [-2, new Uint8Array(x)],
    [-3, new Uint8Array(y)],
  ]);
  return { key, x, y };
}

/**
 * A passkey registration made in software, the way an authenticator with "none"
 * attestation answers: a fresh key, a credential id, authenticator data for the
 * relying party, and client data for the challenge and origin. Answers the key's
 * coordinates too, so a test can check what the server stored.
 */
export function createSoftwareRegistration(options: SoftwarePasskeyOptions): {
  credential: RegistrationJson;
  publicKeyX: string;
  publicKeyY: string | null;
} {
  const { key, x, y } = coseKey(options.algorithm ?? -7, options.coordinates);
  const credentialId = randomBytes(16);
  const flags = FLAG_USER_PRESENT | FLAG_ATTESTED_CREDENTIAL | (options.userVerified === false ? 0 : FLAG_USER_VERIFIED);
  const idLength = Buffer.alloc(2);
  idLength.writeUInt16BE(credentialId.length);
  const authData = Buffer.concat([
    createHash('sha256').update(options.rpId).digest(),
    Buffer.from([flags]),
    Buffer.alloc(4),
    Buffer.alloc(16),
    idLength,
    credentialId,
    Buffer.from(isoCBOR.encode(key)),
  ]);
  const attestationObject = isoCBOR.encode(
    new Map<string, string | Uint8Array | Map<string, string>>([
      ['fmt', 'none'],
      ['attStmt', new Map<string, string>()],
      ['authData', new Uint8Array(authData)],
    ]),
  );
  const clientData = { type: 'webauthn.create', challenge: options.challenge, origin: options.origin, crossOrigin: false };
  const id = credentialId.toString('base64url');
  return {
    credential: {
      id,
      rawId: id,
      type: 'public-key',
      response: {
        clientDataJSON: Buffer.from(JSON.stringify(clientData)).toString('base64url'),
        attestationObject: Buffer.from(attestationObject).toString('base64url'),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    },
    publicKeyX: `0x${x.toString('hex')}`,
    publicKeyY: y ? `0x${y.toString('hex')}` : null,
  };
}
