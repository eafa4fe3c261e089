import { describeUserAgent } from '@keel/core/user-agent';

/** A passkey's label: the device it was made on, as the saver's list of passkeys shows it. */
export function passkeyLabel(userAgent: string | null): string {
  const { browser, os } = describeUserAgent(userAgent);
  return `${browser} on ${os}`;
}
