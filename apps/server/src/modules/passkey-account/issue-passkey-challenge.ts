import { randomBytes } from 'node:crypto';
import { PASSKEY_CHALLENGE_TTL_MS, type PasskeyChallenge } from '@keel/core/passkey-account';
import { lt } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { passkeyAccountChallenges } from '../../db/schema.js';
import { relyingParty } from './relying-party.js';

/**
 * A fresh WebAuthn registration challenge for the signed-in user, stored
 * single-use and bound to that user, with what the browser needs to create the
 * passkey on Keel's own domain.
 */
export async function issuePasskeyChallenge(
  db: Database,
  config: Pick<Config, 'appUrl'>,
  request: { user: { id: string; email: string }; now: Date; purpose?: 'account' | 'another-passkey' },
): Promise<PasskeyChallenge> {
  const { now } = request;
  const expiresAt = new Date(now.getTime() + PASSKEY_CHALLENGE_TTL_MS);
  const challenge = randomBytes(32).toString('base64url');
  // Housekeeping: forget challenges nobody used in time.
  await db.delete(passkeyAccountChallenges).where(lt(passkeyAccountChallenges.expiresAt, now));
  await db.insert(passkeyAccountChallenges).values({ challenge, userId: request.user.id, expiresAt });
  const rp = relyingParty(config);
  return {
    challenge,
    rp: { id: rp.id, name: 'Keel' },
    user: {
      // Another passkey gets a handle of its own: a device keeps one passkey per handle, so reusing the
      // account's would replace a passkey this device already holds for the account.
      id:
        request.purpose === 'another-passkey'
          ? randomBytes(32).toString('base64url')
          : Buffer.from(request.user.id, 'utf8').toString('base64url'),
      name: request.user.email,
      displayName: `Keel savings account (${request.user.email})`,
    },
    expiresAt: expiresAt.toISOString(),
  };
}
