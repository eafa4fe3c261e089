import { createHmac, timingSafeEqual } from 'node:crypto';
import { MINUTE_MS } from '@keel/core/constants';
import { isNotificationKind, type NotificationKind } from '@keel/core/notifications';

/** How long the link in a notification mail works: long after the mail is read, not for ever. */
export const UNSUBSCRIBE_TOKEN_TTL_MS = 60 * 24 * 60 * MINUTE_MS;

export type UnsubscribeClaim = { userId: string; kind: NotificationKind };

export type UnsubscribeVerdict = { ok: true; claim: UnsubscribeClaim } | { ok: false; reason: 'invalid' | 'expired' };

function signature(secret: string, payload: string): Buffer {
  // A purpose prefix, so no other HMAC the server makes with AUTH_SECRET can stand in for this one.
  return createHmac('sha256', secret).update(`keel:unsubscribe\n${payload}`).digest();
}

/** `<user>.<kind>.<expires, epoch seconds>.<HMAC-SHA256>`, base64url: the whole authority of the unsubscribe link. */
export function signUnsubscribeToken(secret: string, claim: UnsubscribeClaim, now: number): string {
  const expires = Math.floor((now + UNSUBSCRIBE_TOKEN_TTL_MS) / 1000);
  const payload = `${Buffer.from(claim.userId).toString('base64url')}.${claim.kind}.${expires}`;
  return `${payload}.${signature(secret, payload).toString('base64url')}`;
}

export function verifyUnsubscribeToken(secret: string, token: string, now: number): UnsubscribeVerdict {
  const parts = token.split('.');
  if (parts.length !== 4) return { ok: false, reason: 'invalid' };
  const [user = '', kind = '', expires = '', mac = ''] = parts;
  const expected = signature(secret, `${user}.${kind}.${expires}`);
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'invalid' };
  if (!isNotificationKind(kind) || !/^\d+$/.test(expires)) return { ok: false, reason: 'invalid' };
  if (Number(expires) * 1000 <= now) return { ok: false, reason: 'expired' };
  return { ok: true, claim: { userId: Buffer.from(user, 'base64url').toString('utf8'), kind } };
}

/** Served by the server itself, outside /api and outside the web app's routes (unsubscribe.routes.ts). */
export const UNSUBSCRIBE_PATH = '/unsubscribe';

/** The link a notification mail carries (in its footer and its List-Unsubscribe header). */
export function unsubscribeUrl(appUrl: string, token: string): string {
  return `${appUrl}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`;
}
