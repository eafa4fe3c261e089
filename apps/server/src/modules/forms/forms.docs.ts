import { z } from 'zod';
import { describe, jsonResponse } from '../../lib/api-docs.js';

const TAG = 'Forms';
const RATE_LIMITED =
  'RATE_LIMITED "Too many requests from your network. Please try again in N minutes.": LIMIT_FORMS_IP_MAX per IP';
const subscribed = z.object({ status: z.enum(['subscribed', 'already_subscribed']) });

export const waitlistDocs = describe({
  tag: TAG,
  summary: 'Join the mobile-app waitlist',
  description: 'The email is trimmed and lower-cased. An email already on the list is a success too (200, already_subscribed).',
  changesState: true,
  responses: {
    201: jsonResponse('Added to the waitlist', subscribed),
    200: jsonResponse('Already on the waitlist ("Already on waitlist!")', subscribed),
  },
  errors: { 429: RATE_LIMITED },
});

export const newsletterDocs = describe({
  tag: TAG,
  summary: 'Subscribe to the newsletter',
  description: 'The email is trimmed and lower-cased. An email already subscribed is a success too (200, already_subscribed).',
  changesState: true,
  responses: {
    201: jsonResponse('Subscribed', subscribed),
    200: jsonResponse('Already subscribed ("Already subscribed!")', subscribed),
  },
  errors: { 429: RATE_LIMITED },
});

export const contactDocs = describe({
  tag: TAG,
  summary: 'Send a message to support',
  description:
    'Stored with its mail to SUPPORT_EMAIL in one transaction; the mail outbox delivers it (retrying while the mail server is down). All four fields are required.',
  changesState: true,
  responses: { 201: jsonResponse('Stored and queued for the support inbox', z.object({ status: z.literal('sent') })) },
  errors: { 429: RATE_LIMITED },
});
