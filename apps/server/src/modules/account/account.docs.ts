import { ACCOUNT_MESSAGES } from '@keel/core/account-settings';
import { z } from 'zod';
import { describe, jsonResponse } from '../../lib/api-docs.js';

const TAG = 'Account settings';
const LIMITED = `RATE_LIMITED "${ACCOUNT_MESSAGES.rateLimited}" (LIMIT_ACCOUNT_* per user)`;

export const exportDocs = describe({
  tag: TAG,
  summary: 'Download my data',
  description:
    'A JSON file (Content-Disposition: attachment) of everything Keel holds about the signed-in account: profile, linked wallets, passkey accounts (addresses only), recorded transfers, notification settings and the security log.',
  signedIn: true,
  responses: {
    200: jsonResponse(
      'The account’s data',
      z.object({
        exportedAt: z.string(),
        profile: z.object({ id: z.string(), name: z.string(), email: z.string() }).loose(),
        linkedWallets: z.array(z.object({ walletAddress: z.string() }).loose()),
        passkeyAccounts: z.array(z.object({ address: z.string(), chainId: z.number() })),
        transfers: z.array(z.object({ id: z.string(), txHash: z.string() }).loose()),
        notificationSettings: z.object({}),
        securityLog: z.array(z.object({ action: z.string(), success: z.boolean(), at: z.string() }).loose()),
      }),
    ),
  },
  errors: { 429: `RATE_LIMITED "${ACCOUNT_MESSAGES.exportRateLimited}"` },
});

export const closeDocs = describe({
  tag: TAG,
  summary: 'Close the account',
  description:
    'Needs the password, and a second-step code when two-step sign-in is on. Erases the profile, sessions, sign-in methods, wallet links and transfer records in one transaction; the security log is kept without email addresses. Money on chain is untouched: it stays in the saver’s own wallet. The email can sign up again at once.',
  signedIn: true,
  changesState: true,
  requestBody: z.object({ password: z.string(), code: z.string().optional() }),
  responses: { 200: jsonResponse('Closed; the session cookie is cleared', z.object({ status: z.literal(true) })) },
  errors: {
    403: `REAUTHENTICATION_FAILED with details.reason WRONG_PASSWORD "${ACCOUNT_MESSAGES.wrongPassword}", CODE_REQUIRED "${ACCOUNT_MESSAGES.codeRequired}" or WRONG_CODE "${ACCOUNT_MESSAGES.wrongCode}"`,
    429: LIMITED,
  },
});
