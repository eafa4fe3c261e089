import type { Address } from '@keel/core/address';
import { DEFAULT_NOTIFICATION_PREFERENCES, type NotificationKind } from '@keel/core/notifications';
import { paths } from '@keel/core/paths';
import { VAULT_CONFIG_KEYS, VAULTS } from '@keel/core/vaults';
import { and, eq, isNotNull, lte } from 'drizzle-orm';
import type { Config } from '../../config.js';
import { notificationPreferences, user, userWallets } from '../../db/schema.js';
import { enqueueMail, type Executor } from '../../mail/mail-outbox.js';
import type { MailMessage } from '../../mail/mailer.js';
import type { UnsubscribeLinks } from '../../mail/notification-emails.js';
import { signUnsubscribeToken, unsubscribeUrl } from './unsubscribe-token.js';

/** What building a notification needs from the configuration, for every source that enqueues one. */
export type NotificationContext = {
  config: Pick<Config, 'appUrl' | 'authSecret' | 'explorerUrl' | 'chainId' | 'vaults' | 'alertSharePriceDropPct'>;
  now: () => number;
};

type Recipient = { id: string; email: string; name: string };

/** Events older than this are history being read (a backfill, a catch-up after an outage), not news to mail. */
export const NOTIFY_WITHIN_MS = 7 * 24 * 60 * 60_000;

/**
 * The users who had linked `address` (any case) when the event happened: a wallet linked later brings its
 * history into Keel, not a mail for each old transfer. Null `at` (the server's own record): every linker.
 */
export async function usersOfAddress(executor: Executor, address: string, at: Date | null): Promise<string[]> {
  const rows = await executor
    .selectDistinct({ userId: userWallets.userId })
    .from(userWallets)
    .where(
      and(
        eq(userWallets.walletAddress, address.toLowerCase() as Address),
        isNotNull(userWallets.linkedAt),
        at ? lte(userWallets.linkedAt, at) : undefined,
      ),
    );
  return rows.map((row) => row.userId);
}

/** Whether an indexed event is recent enough to mail about. */
export function isNews(context: NotificationContext, at: Date): boolean {
  return context.now() - at.getTime() <= NOTIFY_WITHIN_MS;
}

/** The configured vault's name and page for an address (any case), or null for an address that is none of them. */
export function configuredVault(config: NotificationContext['config'], address: string): { name: string; url: string } | null {
  const wanted = address.toLowerCase();
  const vault = VAULTS.find((entry) => config.vaults[VAULT_CONFIG_KEYS[entry.id]].toLowerCase() === wanted);
  return vault ? { name: vault.name, url: `${config.appUrl}${paths.vault.replace(':id', vault.id)}` } : null;
}

async function recipientIfWanted(executor: Executor, userId: string, kind: NotificationKind): Promise<Recipient | null> {
  const [row] = await executor
    .select({ id: user.id, email: user.email, name: user.name, enabled: notificationPreferences.enabled })
    .from(user)
    .leftJoin(notificationPreferences, and(eq(notificationPreferences.userId, user.id), eq(notificationPreferences.kind, kind)))
    .where(eq(user.id, userId));
  if (!row) return null;
  const enabled = row.enabled ?? DEFAULT_NOTIFICATION_PREFERENCES[kind];
  return enabled ? { id: row.id, email: row.email, name: row.name } : null;
}

/**
 * Writes one notification to the mail outbox, in the caller's transaction (the one that records the event),
 * unless the saver turned this kind off. `eventKey` names the event; with the kind and the user it is the
 * mail's dedupe key, so an event read again (a reorg re-index, a second source) enqueues nothing.
 */
export async function enqueueNotification(
  executor: Executor,
  context: NotificationContext,
  request: {
    userId: string;
    kind: NotificationKind;
    eventKey: string;
    build: (recipient: Recipient, unsubscribe: UnsubscribeLinks) => MailMessage;
  },
): Promise<boolean> {
  const recipient = await recipientIfWanted(executor, request.userId, request.kind);
  if (!recipient) return false;
  const now = context.now();
  const token = signUnsubscribeToken(context.config.authSecret, { userId: recipient.id, kind: request.kind }, now);
  const unsubscribe: UnsubscribeLinks = {
    kind: request.kind,
    url: unsubscribeUrl(context.config.appUrl, token),
    settingsUrl: `${context.config.appUrl}${paths.notificationSettings}`,
  };
  return enqueueMail(
    executor,
    request.build(recipient, unsubscribe),
    { kind: request.kind, userId: recipient.id, dedupeKey: `${request.kind}:${request.eventKey}:${recipient.id}` },
    new Date(now),
  );
}

/** enqueueNotification for each of several users (the holders of a vault, the owners of an address). */
export async function enqueueNotifications(
  executor: Executor,
  context: NotificationContext,
  userIds: readonly string[],
  request: Omit<Parameters<typeof enqueueNotification>[2], 'userId'>,
): Promise<number> {
  let added = 0;
  for (const userId of new Set(userIds)) {
    if (await enqueueNotification(executor, context, { ...request, userId })) added += 1;
  }
  return added;
}
