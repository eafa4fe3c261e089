import { Base64, Bytes, Hex, P256, PublicKey, Signature, WebAuthnP256 } from 'ox';
import { toWebAuthnAccount, type WebAuthnAccount } from 'viem/account-abstraction';

/**
 * A passkey without a browser: a software P-256 key that answers WebAuthn assertions the way a
 * platform authenticator does (user present and verified, Chromium's clientDataJSON layout), for
 * Node tests of passkey accounts.
 */
export type SoftwarePasskey = {
  account: WebAuthnAccount;
  credentialId: string;
  /** The public key's coordinates as 0x-prefixed 32-byte hex, as Keel stores them. */
  x: `0x${string}`;
  y: `0x${string}`;
};

const RP_ID = 'localhost';
const ORIGIN = 'http://localhost';
/** Authenticator data flags: user present (0x01) and user verified (0x04). */
const PRESENT_AND_VERIFIED = 0x05;

export function createSoftwarePasskey(): SoftwarePasskey {
  const privateKey = P256.randomPrivateKey();
  const publicKey = P256.getPublicKey({ privateKey });
  const credentialId = Base64.fromBytes(Bytes.random(16), { url: true, pad: false });
  const getFn = async (options?: { publicKey?: { challenge?: ArrayBuffer | ArrayBufferView } }) => {
    const challenge = options?.publicKey?.challenge;
    if (!challenge) throw new Error('no challenge to sign');
    const challengeBytes = challenge instanceof ArrayBuffer ? new Uint8Array(challenge) : new Uint8Array(challenge.buffer);
    const { payload, metadata } = WebAuthnP256.getSignPayload({
      challenge: Hex.fromBytes(challengeBytes),
      rpId: RP_ID,
      origin: ORIGIN,
      flag: PRESENT_AND_VERIFIED,
    });
    const signature = P256.sign({ payload, privateKey, hash: true });
    return {
      id: credentialId,
      type: 'public-key',
      response: {
        authenticatorData: Bytes.fromHex(metadata.authenticatorData).buffer,
        clientDataJSON: Bytes.fromString(metadata.clientDataJSON).buffer,
        signature: Signature.toDerBytes(signature).buffer,
      },
    };
  };
  const account = toWebAuthnAccount({
    credential: { id: credentialId, publicKey: PublicKey.toHex(publicKey, { includePrefix: false }) },
    // The getFn contract is the browser's navigator.credentials.get; this returns the fields ox reads.
    getFn: getFn as never,
    rpId: RP_ID,
  });
  return {
    account,
    credentialId,
    x: Hex.fromNumber(publicKey.x, { size: 32 }),
    y: Hex.fromNumber(publicKey.y, { size: 32 }),
  };
}
