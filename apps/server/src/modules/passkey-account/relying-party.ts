import type { Config } from '../../config.js';

/** WebAuthn's relying party is Keel's own site: APP_URL's host name, and its origin. */
export function relyingParty(config: Pick<Config, 'appUrl'>): { id: string; origin: string } {
  const url = new URL(config.appUrl);
  return { id: url.hostname, origin: url.origin };
}
