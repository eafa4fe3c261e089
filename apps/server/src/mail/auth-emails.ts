import type { MailMessage } from './mailer.js';
import { renderEmail } from './email-layout.js';

type Recipient = { email: string; name: string };

function greet(name: string): string {
  const trimmed = name.trim();
  return trimmed ? `Hi ${trimmed},` : 'Hi,';
}

export function verificationEmail(recipient: Recipient, url: string): MailMessage {
  const body = renderEmail({
    preheader: 'Confirm your email address to finish setting up your Keel account.',
    heading: 'Verify your email address',
    greeting: greet(recipient.name),
    paragraphs: ['Thanks for creating a Keel account. Please confirm that this is your email address to finish setting it up.'],
    action: { label: 'Verify email address', url },
    notes: ['This link expires in 24 hours.', "If you didn't create a Keel account, you can safely ignore this email."],
  });
  return { to: recipient.email, subject: 'Verify your email for Keel', ...body };
}

export function passwordResetEmail(recipient: Recipient, url: string): MailMessage {
  const body = renderEmail({
    preheader: 'Use this link to choose a new Keel password.',
    heading: 'Reset your password',
    greeting: greet(recipient.name),
    paragraphs: ['We received a request to reset the password of your Keel account. Choose a new password with the link below.'],
    action: { label: 'Reset password', url },
    notes: [
      'This link expires in 1 hour and can be used once. Resetting your password signs you out everywhere.',
      "If you didn't ask for a reset, ignore this email: your password stays the same.",
    ],
  });
  return { to: recipient.email, subject: 'Reset your Keel password', ...body };
}

/** Sent instead of a second account, so sign-up never reveals which emails are registered. */
export function existingAccountEmail(recipient: Recipient, urls: { signIn: string }): MailMessage {
  const body = renderEmail({
    preheader: 'Someone tried to create a Keel account with your email address.',
    heading: 'You already have a Keel account',
    greeting: greet(recipient.name),
    paragraphs: [
      'Someone (hopefully you) just tried to create a new Keel account with this email address, which already has one.',
      `To get back in, sign in at ${urls.signIn}. Forgot your password? You can reset it from the sign-in page.`,
    ],
    action: { label: 'Sign in to Keel', url: urls.signIn },
    notes: ["If this wasn't you, no action is needed: nothing was changed."],
  });
  return { to: recipient.email, subject: 'Someone tried to sign up with your email', ...body };
}

/** After a reset: if the owner did not do it, the link starts another reset at once. */
export function passwordChangedEmail(recipient: Recipient, urls: { resetAgain: string }): MailMessage {
  const body = renderEmail({
    preheader: 'The password of your Keel account was just changed.',
    heading: 'Your password was changed',
    greeting: greet(recipient.name),
    paragraphs: [
      'The password of your Keel account was just changed with a reset link, and every device signed in to it was signed out.',
      "If this was you, there is nothing else to do. If it wasn't, reset your password again now: whoever changed it can sign in until you do.",
    ],
    action: { label: 'Reset my password again', url: urls.resetAgain },
    notes: ['The link opens the password reset form on the sign-in page; a new reset link is then mailed to this address.'],
  });
  return { to: recipient.email, subject: 'Your Keel password was changed', ...body };
}

/** The moment a notice speaks of, the same for every reader: a date and a UTC time. */
export function formatNoticeTime(at: Date): string {
  const formatted = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(at);
  return `${formatted} UTC`;
}

/** A sign-in from a browser this account has not used before. */
export function newSignInEmail(
  recipient: Recipient,
  details: { at: Date; browser: string; os: string; settingsUrl: string },
): MailMessage {
  const body = renderEmail({
    preheader: 'Your Keel account was just signed in to from a new device.',
    heading: 'New sign-in to Keel',
    greeting: greet(recipient.name),
    paragraphs: [
      `Your Keel account was signed in to from ${details.browser} on ${details.os} on ${formatNoticeTime(details.at)}.`,
      "If this was you, there is nothing to do. If it wasn't, open your account settings, sign that device out and change your password.",
    ],
    action: { label: 'Review where you are signed in', url: details.settingsUrl },
    notes: ['Keel never asks for your password or your wallet’s recovery phrase by email.'],
  });
  return { to: recipient.email, subject: 'New sign-in to Keel', ...body };
}

/** Sent to the new address: the change happens only when this link is opened. */
export function confirmNewEmail(recipient: Recipient, url: string): MailMessage {
  const body = renderEmail({
    preheader: 'Confirm this address to make it your Keel sign-in email.',
    heading: 'Confirm your new email address',
    greeting: greet(recipient.name),
    paragraphs: [
      'You asked to use this address for your Keel account. Open the link below to confirm it; until then your old address stays in use.',
    ],
    action: { label: 'Confirm new email address', url },
    notes: ['This link expires in 24 hours.', "If you didn't ask for this, ignore this email: nothing changes."],
  });
  return { to: recipient.email, subject: 'Confirm your new Keel email address', ...body };
}

/** Sent to the old address when a change is asked for, so a hijacked session cannot move the account quietly. */
export function emailChangeRequestedEmail(recipient: Recipient, details: { newEmail: string; settingsUrl: string }): MailMessage {
  const body = renderEmail({
    preheader: 'Someone asked to change the email address of your Keel account.',
    heading: 'Email change requested',
    greeting: greet(recipient.name),
    paragraphs: [
      `Someone signed in to your Keel account asked to change its email address to ${details.newEmail}. The change only happens once that address confirms it.`,
      "If this was you, there is nothing else to do. If it wasn't, open your account settings now, sign out every other device and change your password.",
    ],
    action: { label: 'Open account settings', url: details.settingsUrl },
    notes: [],
  });
  return { to: recipient.email, subject: 'Your Keel email address is being changed', ...body };
}

/** After a change from the settings page: other devices were signed out. */
export function passwordChangedInSettingsEmail(recipient: Recipient, urls: { resetAgain: string }): MailMessage {
  const body = renderEmail({
    preheader: 'The password of your Keel account was just changed.',
    heading: 'Your password was changed',
    greeting: greet(recipient.name),
    paragraphs: [
      'The password of your Keel account was just changed from the account settings page, and every other device signed in to it was signed out.',
      "If this was you, there is nothing else to do. If it wasn't, reset your password now: whoever changed it can sign in until you do.",
    ],
    action: { label: 'Reset my password', url: urls.resetAgain },
    notes: [],
  });
  return { to: recipient.email, subject: 'Your Keel password was changed', ...body };
}

/** The last mail an account gets: what was erased, and that the money was never Keel's to erase. */
export function accountClosedEmail(recipient: Recipient): MailMessage {
  const body = renderEmail({
    preheader: 'Your Keel account is closed and its personal data erased.',
    heading: 'Your Keel account is closed',
    greeting: greet(recipient.name),
    paragraphs: [
      'Your Keel account has been closed: your profile, sign-ins, wallet links and settings are erased.',
      'Any money you put into savings vaults is still yours, on the blockchain, in your own wallet. Keel never held it. Open your wallet app to see it or move it; any app that works with the vaults can withdraw it.',
    ],
    notes: ['You can open a new Keel account with this email address at any time.'],
  });
  return { to: recipient.email, subject: 'Your Keel account is closed', ...body };
}
