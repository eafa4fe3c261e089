import { ACCOUNT_MESSAGES } from '@keel/core/account-settings';
import { z } from 'zod';
import { describe, isoTime, jsonResponse } from '../../lib/api-docs.js';

/** The account settings page's endpoints under /api/auth: Better Auth's flows behind Keel's checks. */

const TAG = 'Account settings';
const statusTrue = z.object({ status: z.literal(true) });
const LIMITED = `RATE_LIMITED "${ACCOUNT_MESSAGES.rateLimited}" (LIMIT_ACCOUNT_* per user and action)`;

const sessionSchema = z.object({
  id: z.string(),
  browser: z.string().describe('Named from the user agent, e.g. "Firefox"'),
  os: z.string().describe('Named from the user agent, e.g. "macOS"'),
  createdAt: isoTime.describe('When this browser signed in'),
  lastActiveAt: isoTime.describe('When the session was last renewed by a request'),
  isCurrent: z.boolean().describe('The browser asking'),
});

export const listSessionsDocs = describe({
  tag: TAG,
  summary: 'Where the account is signed in',
  description: 'The live sessions, this browser’s first. Never a token or an IP address.',
  signedIn: true,
  responses: { 200: jsonResponse('The sessions', z.object({ sessions: z.array(sessionSchema) })) },
});

export const revokeSessionDocs = describe({
  tag: TAG,
  summary: 'Sign one session out',
  description: 'The session ends at once: that browser’s next request is signed out.',
  signedIn: true,
  changesState: true,
  responses: { 200: jsonResponse('Signed out', statusTrue) },
  errors: { 404: `NOT_FOUND "${ACCOUNT_MESSAGES.sessionUnknown}"`, 429: LIMITED },
});

export const revokeOtherSessionsDocs = describe({
  tag: TAG,
  summary: 'Sign every other session out',
  signedIn: true,
  changesState: true,
  responses: { 200: jsonResponse('Signed out', statusTrue) },
  errors: { 429: LIMITED },
});

export const changeEmailDocs = describe({
  tag: TAG,
  summary: 'Ask to change the account’s email',
  description:
    'Mails a confirmation link to the new address and a notice to the current one; the email changes only when the link is opened, and sessions stay. The same answer whether or not the new address is taken.',
  signedIn: true,
  changesState: true,
  responses: { 200: jsonResponse('Confirmation mailed', statusTrue) },
  errors: { 429: LIMITED },
});

export const changePasswordDocs = describe({
  tag: TAG,
  summary: 'Change the password',
  description:
    'Needs the current password. Every other session ends; this browser gets a new session cookie. The owner is mailed.',
  signedIn: true,
  changesState: true,
  responses: { 200: jsonResponse('Changed', statusTrue) },
  errors: { 400: 'INVALID_PASSWORD "Invalid password": the current password is wrong', 429: LIMITED },
});
