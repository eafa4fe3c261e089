import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { ValidationTargets } from 'hono';
import { validator } from 'hono-openapi';
import type { z } from 'zod';
import { AppError } from './app-error.js';

function issuePath(issue: StandardSchemaV1.Issue): string {
  return (issue.path ?? []).map((segment) => String(typeof segment === 'object' ? segment.key : segment)).join('.');
}

/**
 * zod validation for a route, answering the one error shape. The first issue's
 * message is the user-facing one; every issue is listed in details. It is
 * hono-openapi's validator, so the same schema also describes the route in the
 * OpenAPI document (/api/openapi.json).
 */
export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodType>(target: Target, schema: Schema) {
  return validator(target, schema, (result) => {
    if (!result.success) {
      const issues = result.error.map((issue) => ({ path: issuePath(issue), message: issue.message }));
      throw new AppError('VALIDATION_FAILED', issues[0]?.message ?? 'Invalid request', { issues });
    }
  });
}
