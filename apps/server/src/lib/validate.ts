import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { z } from 'zod';
import { AppError } from './app-error.js';

/**
 * zod validation for a route, answering the one error shape. The first issue's
 * message is the user-facing one; every issue is listed in details.
 */
export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodType>(target: Target, schema: Schema) {
  return zValidator(target, schema, (result) => {
    if (!result.success) {
      const issues = result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
      throw new AppError('VALIDATION_FAILED', issues[0]?.message ?? 'Invalid request', { issues });
    }
  });
}
