import { formatUsdcAmount } from '@keel/core/money';
import { NOTIFICATION_LABELS, type NotificationKind } from '@keel/core/notifications';
import { formatNoticeTime } from './auth-emails.js';
import { renderEmail, type EmailContent } from './email-layout.js';
import type { MailMessage } from './mailer.js';

type Recipient = { email: string; name: string };

/** Where the saver turns this kind off: the one-click link (RFC 8058) and the settings page. */
export type UnsubscribeLinks = { kind: NotificationKind; url: string; settingsUrl: string };

/** "Hi Ada,", or "Hi," without a name. */
export function greet(name: string): string {
  const trimmed = name.trim();
  return trimmed ? `Hi ${trimmed},` : 'Hi,';
}

/** The closing notes of every notification: why it came, and the link that stops this kind. */
export function unsubscribeNotes(unsubscribe: UnsubscribeLinks): string[] {
  const label = NOTIFICATION_LABELS[unsubscribe.kind].title;
  return [
    `You get this email because “${label}” is on in your Keel notification settings (${unsubscribe.settingsUrl}).`,
    `To stop these emails, unsubscribe here: ${unsubscribe.url}`,
  ];
}

/** RFC 8058 one-click unsubscribe: the mail provider POSTs to the signed link, with no session. */
export function unsubscribeHeaders(unsubscribe: UnsubscribeLinks): Record<string, string> {
  return { 'List-Unsubscribe': `<${unsubscribe.url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/** A notification mail: the shared layout, a note on why it came and how to stop it, and the unsubscribe headers. */
function notificationMail(
  recipient: Recipient,
  subject: string,
  content: Omit<EmailContent, 'greeting' | 'notes'> & { notes?: readonly string[] },
  unsubscribe: UnsubscribeLinks,
): MailMessage {
  const body = renderEmail({
    ...content,
    greeting: greet(recipient.name),
    notes: [...(content.notes ?? []), ...unsubscribeNotes(unsubscribe)],
  });
  return { to: recipient.email, subject, ...body, headers: unsubscribeHeaders(unsubscribe) };
}

/** The button to the transaction's public record on the explorer, and the note saying what it opens. */
function transactionRecord(explorerUrl: string, txHash: string): Pick<EmailContent, 'action' | 'notes'> {
  return {
    action: { label: 'See the transaction', url: `${explorerUrl}/tx/${txHash}` },
    notes: ['The link opens the public record of the transaction on the blockchain.'],
  };
}

export function usdcReceivedEmail(
  recipient: Recipient,
  details: { amount: bigint; from: string; wallet: string; txHash: string; at: Date; explorerUrl: string },
  unsubscribe: UnsubscribeLinks,
): MailMessage {
  const amount = formatUsdcAmount(details.amount);
  return notificationMail(
    recipient,
    `You received ${amount} USDC`,
    {
      preheader: `${amount} USDC arrived in your wallet.`,
      heading: `${amount} USDC received`,
      paragraphs: [
        `${amount} USDC (digital dollars) arrived in your wallet ${details.wallet} on ${formatNoticeTime(details.at)}.`,
        `It was sent from ${details.from}.`,
        'It is in your wallet, not yet in a savings vault: open Keel to put it to work.',
      ],
      ...transactionRecord(details.explorerUrl, details.txHash),
    },
    unsubscribe,
  );
}

export function depositConfirmedEmail(
  recipient: Recipient,
  details: { amount: bigint; vaultName: string; txHash: string; explorerUrl: string },
  unsubscribe: UnsubscribeLinks,
): MailMessage {
  const amount = formatUsdcAmount(details.amount);
  return notificationMail(
    recipient,
    `Your deposit of ${amount} USDC is confirmed`,
    {
      preheader: `${amount} USDC is now saving in ${details.vaultName}.`,
      heading: 'Deposit confirmed',
      paragraphs: [
        `Your deposit of ${amount} USDC into ${details.vaultName} is confirmed. It is now earning in the vault.`,
        'You can take it out at any time from Keel.',
      ],
      ...transactionRecord(details.explorerUrl, details.txHash),
    },
    unsubscribe,
  );
}

export function withdrawalCompletedEmail(
  recipient: Recipient,
  details: { amount: bigint; vaultName: string; txHash: string; explorerUrl: string },
  unsubscribe: UnsubscribeLinks,
): MailMessage {
  const amount = formatUsdcAmount(details.amount);
  return notificationMail(
    recipient,
    `Your withdrawal of ${amount} USDC is complete`,
    {
      preheader: `${amount} USDC from ${details.vaultName} is back in your wallet.`,
      heading: 'Withdrawal completed',
      paragraphs: [`You took ${amount} USDC out of ${details.vaultName}. The money is back in your wallet.`],
      ...transactionRecord(details.explorerUrl, details.txHash),
    },
    unsubscribe,
  );
}

export function vaultAvailabilityEmail(
  recipient: Recipient,
  details: { vaultName: string; available: boolean; vaultUrl: string },
  unsubscribe: UnsubscribeLinks,
): MailMessage {
  if (details.available) {
    return notificationMail(
      recipient,
      `${details.vaultName} is available again`,
      {
        preheader: `${details.vaultName} passes Keel’s checks again.`,
        heading: `${details.vaultName} is available again`,
        paragraphs: [
          `${details.vaultName}, a vault you hold money in, passes Keel’s safety checks again. Keel shows its figures and lets you deposit as before.`,
        ],
        action: { label: `Open ${details.vaultName}`, url: details.vaultUrl },
      },
      unsubscribe,
    );
  }
  return notificationMail(
    recipient,
    `${details.vaultName} is unavailable in Keel`,
    {
      preheader: `${details.vaultName} failed Keel’s safety checks.`,
      heading: `${details.vaultName} is unavailable`,
      paragraphs: [
        `${details.vaultName}, a vault you hold money in, no longer passes Keel’s safety checks, so Keel has stopped showing its figures and taking deposits into it.`,
        'Your money stays in the vault, in your own name: Keel never holds it. We will email you again when the vault passes the checks.',
      ],
      action: { label: `Open ${details.vaultName}`, url: details.vaultUrl },
    },
    unsubscribe,
  );
}

/** A drop in hundredths of a percent, e.g. 150n → "1.50". */
function formatPercentHundredths(hundredths: bigint): string {
  return `${hundredths / 100n}.${(hundredths % 100n).toString().padStart(2, '0')}`;
}

export function sharePriceDropEmail(
  recipient: Recipient,
  details: { vaultName: string; dropHundredthsPercent: bigint; since: Date; vaultUrl: string },
  unsubscribe: UnsubscribeLinks,
): MailMessage {
  const drop = formatPercentHundredths(details.dropHundredthsPercent);
  return notificationMail(
    recipient,
    `${details.vaultName} fell ${drop}% in a day`,
    {
      preheader: `The value of ${details.vaultName} fell by ${drop}% within a day.`,
      heading: `${details.vaultName} fell ${drop}%`,
      paragraphs: [
        `The value of each share in ${details.vaultName}, a vault you hold money in, fell by ${drop}% since ${formatNoticeTime(details.since)}.`,
        'Vault values can move for many reasons, and a fall can recover. You can see the vault’s history, and take your money out at any time, in Keel.',
      ],
      action: { label: `Open ${details.vaultName}`, url: details.vaultUrl },
    },
    unsubscribe,
  );
}
