import { NOTIFICATION_KINDS } from '@keel/core/notifications';
import { z } from 'zod';
import { describe, jsonResponse } from '../../lib/api-docs.js';

const TAG = 'Notifications';

const preferencesSchema = z
  .object(Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, z.boolean()])))
  .describe('Every notification kind, on (true) or off (false)');

export const getPreferencesDocs = describe({
  tag: TAG,
  summary: 'My notification settings',
  description: 'Which notification emails the signed-in saver gets; a kind never changed shows its default.',
  signedIn: true,
  responses: { 200: jsonResponse('Every kind, on or off', z.object({ preferences: preferencesSchema })) },
});

export const putPreferencesDocs = describe({
  tag: TAG,
  summary: 'Change my notification settings',
  description: 'Turns the kinds given on or off; the others keep their setting. Answers every kind.',
  signedIn: true,
  changesState: true,
  requestBody: z.object({ preferences: z.partialRecord(z.enum(NOTIFICATION_KINDS), z.boolean()) }),
  responses: { 200: jsonResponse('Every kind, on or off', z.object({ preferences: preferencesSchema })) },
  errors: { 400: 'VALIDATION_FAILED: an unknown kind, a value that is not true or false, or nothing to change' },
});
