import { createHmac, randomBytes } from 'node:crypto';
import type { GenericEndpointContext } from 'better-auth';
import { paths } from '@keel/core/paths';
import { describeUserAgent } from '@keel/core/user-agent';
import { and, eq, sql } from 'drizzle-orm';
import { knownDevices, user } from '../../db/schema.js';
import { newSignInEmail } from '../../mail/auth-emails.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { AuditLog } from '../../lib/audit-log.js';
import type { Logger } from '../../lib/logger.js';
import type { MailOutbox } from '../../mail/mail-outbox.js';

/** A random id per browser, kept 400 days (the longest a browser keeps a cookie), read only by the auth routes. */
export const DEVICE_COOKIE_NAME = 'keel.device';
const DEVICE_COOKIE_MAX_AGE_SECONDS = 400 * 24 * 60 * 60;
const DEVICE_ID = /^[A-Za-z0-9_-]{43}$/;

type DeviceDeps = {
  config: Pick<Config, 'appUrl' | 'authSecret' | 'isHttps'>;
  db: Database;
  mailOutbox: Pick<MailOutbox, 'enqueue'>;
  logger: Logger;
  audit: AuditLog;
};

type NewSession = { userId: string; userAgent?: string | null | undefined; createdAt: Date };

/** The device as stored: the cookie and the browser together, keyed with the server's secret. */
export function deviceHash(secret: string, deviceId: string, userAgent: string): string {
  return createHmac('sha256', secret).update(`keel:device:${deviceId}\n${userAgent}`).digest('base64url');
}

/** The browser's device id from its cookie, or a new one set on the answer. */
function deviceIdOf(context: GenericEndpointContext, isHttps: boolean): string {
  const existing = context.getCookie(DEVICE_COOKIE_NAME);
  if (existing && DEVICE_ID.test(existing)) return existing;
  const minted = randomBytes(32).toString('base64url');
  context.setCookie(DEVICE_COOKIE_NAME, minted, {
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttps,
    path: '/api/auth',
    maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
  });
  return minted;
}

/**
 * Runs after every session Better Auth creates in a request (password sign-in,
 * the sign-in that follows email verification, a password change…). The
 * account's first device is simply learnt: there is nothing to compare it with.
 * Any later device not seen before gets the owner a "New sign-in to Keel" mail.
 * A failure here is logged and never stops the sign-in.
 */
export async function noteSignInDevice(
  deps: DeviceDeps,
  created: NewSession,
  context: GenericEndpointContext | null,
  clientIp: string | null,
): Promise<void> {
  if (!context) return;
  try {
    const userAgent = created.userAgent ?? '';
    const hash = deviceHash(deps.config.authSecret, deviceIdOf(context, deps.config.isHttps), userAgent);
    const seenAt = new Date(created.createdAt);
    const inserted = await deps.db
      .insert(knownDevices)
      .values({ userId: created.userId, deviceHash: hash, firstSeenAt: seenAt, lastSeenAt: seenAt })
      .onConflictDoUpdate({ target: [knownDevices.userId, knownDevices.deviceHash], set: { lastSeenAt: seenAt } })
      .returning({ isNew: sql<boolean>`(xmax = 0)` });
    if (!inserted[0]?.isNew) return;
    const [others] = await deps.db
      .select({ count: sql<number>`count(*)::int` })
      .from(knownDevices)
      .where(and(eq(knownDevices.userId, created.userId), sql`${knownDevices.deviceHash} <> ${hash}`));
    if (!others || others.count === 0) return;
    const [owner] = await deps.db.select({ email: user.email, name: user.name }).from(user).where(eq(user.id, created.userId));
    if (!owner) return;
    const device = describeUserAgent(userAgent);
    await deps.audit.record({
      userId: created.userId,
      action: 'NEW_DEVICE_SIGN_IN',
      success: true,
      metadata: device,
      ipAddress: clientIp,
      userAgent,
    });
    const mail = newSignInEmail(owner, { at: seenAt, ...device, settingsUrl: `${deps.config.appUrl}${paths.settings}` });
    await deps.mailOutbox.enqueue(mail, { kind: 'new-sign-in', userId: created.userId });
  } catch (error) {
    deps.logger.error({ err: error }, 'new-device check failed');
  }
}
