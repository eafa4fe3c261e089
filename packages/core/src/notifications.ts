import { z } from 'zod';

/**
 * The emails a saver can switch on or off, each built by the server from indexed chain data or its own
 * records. Account mails (verification, password, new sign-in) are not here: they always go out.
 */
export const NOTIFICATION_KINDS = [
  'usdc_received',
  'deposit_confirmed',
  'withdrawal_completed',
  'vault_unavailable',
  'share_price_drop',
  'monthly_statement',
] as const;

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export function isNotificationKind(value: string): value is NotificationKind {
  return (NOTIFICATION_KINDS as readonly string[]).includes(value);
}

export type NotificationPreferences = Record<NotificationKind, boolean>;

/**
 * Every kind is on until the saver turns it off: money moving and the statement, and the vault alerts too: a
 * vault that stops answering or loses value is news a saver must hear from Keel first, not find out later.
 */
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  usdc_received: true,
  deposit_confirmed: true,
  withdrawal_completed: true,
  vault_unavailable: true,
  share_price_drop: true,
  monthly_statement: true,
};

/** What the settings page shows for each kind, and what an unsubscribe page names. */
export const NOTIFICATION_LABELS: Record<NotificationKind, { title: string; description: string }> = {
  usdc_received: {
    title: 'Money received',
    description: 'When USDC arrives in a wallet you save from: how much, and who sent it.',
  },
  deposit_confirmed: {
    title: 'Deposit confirmed',
    description: 'When money you put into a savings vault is confirmed.',
  },
  withdrawal_completed: {
    title: 'Withdrawal completed',
    description: 'When money you take out of a savings vault is back in your wallet.',
  },
  vault_unavailable: {
    title: 'Vault problems',
    description: 'When a vault you hold money in fails Keel’s checks, and again when it passes them.',
  },
  share_price_drop: {
    title: 'Large drops in value',
    description: 'When the value of a vault you hold falls sharply within a day.',
  },
  monthly_statement: {
    title: 'Monthly statement',
    description: 'A summary of your savings at the start of each month.',
  },
};

/** PUT /api/notifications/preferences: any subset of the kinds, each on or off. */
export const notificationPreferencesUpdateSchema = z
  .object({
    preferences: z
      .partialRecord(z.enum(NOTIFICATION_KINDS), z.boolean({ message: 'Each setting must be on (true) or off (false)' }))
      .refine((value) => Object.keys(value).length > 0, 'Choose at least one setting to change'),
  })
  .strict();

export type NotificationPreferencesUpdate = z.infer<typeof notificationPreferencesUpdateSchema>;

/** GET and PUT /api/notifications/preferences answer every kind. */
export type NotificationPreferencesAnswer = { preferences: NotificationPreferences };
