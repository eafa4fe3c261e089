import { z } from 'zod';
import { describe, jsonResponse } from '../../lib/api-docs.js';

const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  paymaster: z
    .object({
      depositWei: z.string().nullable().describe('What Keel’s paymaster still holds on the EntryPoint; null when unknown'),
      isLow: z.boolean().describe('Below PAYMASTER_LOW_DEPOSIT_WEI (or unknown): top the deposit up'),
    })
    .optional()
    .describe('Only when Keel signs sponsorships with its own paymaster'),
  mail: z
    .object({
      pending: z.number().int().describe('Mails in the outbox not yet sent (new, or waiting for a retry)'),
      failed: z.number().int().describe('Mails whose retries ran out: look at mail_outbox.last_error'),
    })
    .optional()
    .describe('The mail outbox’s backlog, while the database answers'),
});

export const healthDocs = describe({
  tag: 'Operations',
  summary: 'Health check (load balancers, the container HEALTHCHECK)',
  description: 'At most one database ping per second per instance, however often it is polled.',
  responses: {
    200: jsonResponse('The database answers', healthSchema),
    503: jsonResponse('The database does not answer', healthSchema),
  },
});
