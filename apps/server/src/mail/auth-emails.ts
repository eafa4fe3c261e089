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
