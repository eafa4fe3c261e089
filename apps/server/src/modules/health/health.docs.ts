import { z } from 'zod';
import { describe, jsonResponse } from '../../lib/api-docs.js';

const healthSchema = z.object({ status: z.enum(['ok', 'degraded']), database: z.enum(['up', 'down']) });

export const healthDocs = describe({
  tag: 'Operations',
  summary: 'Health check (load balancers, the container HEALTHCHECK)',
  description: 'At most one database ping per second per instance, however often it is polled.',
  responses: {
    200: jsonResponse('The database answers', healthSchema),
    503: jsonResponse('The database does not answer', healthSchema),
  },
});
