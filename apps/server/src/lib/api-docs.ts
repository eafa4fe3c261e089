import { describeRoute, resolver, type DescribeRouteOptions } from 'hono-openapi';
import type { OpenAPIV3_1 } from 'openapi-types';
import { z } from 'zod';
import { ERROR_STATUS } from './app-error.js';

/**
 * Helpers for the OpenAPI document (/api/openapi.json). Request schemas come
 * from the route validators (lib/validate.ts); these describe what a route
 * answers, including the errors every /api route shares.
 */

/** The one error body (lib/app-error.ts), a component every error response refers to. */
export const errorBodySchema = z
  .object({
    error: z.object({
      code: z.enum(Object.keys(ERROR_STATUS) as [keyof typeof ERROR_STATUS, ...(keyof typeof ERROR_STATUS)[]]),
      message: z.string().describe('A user-facing sentence, shown as is by the web app'),
      details: z
        .record(z.string(), z.unknown())
        .optional()
        .describe('Extra facts: validation issues ({ path, message }[]), retryAfterSeconds on 429, a refusal reason'),
    }),
  })
  // Becomes components.schemas.Error, referred to by every error answer.
  .meta({ ref: 'Error' });

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 500 | 502 | 503;

/** An error answer with the shared body and what causes it on this route. */
function errorResponse(description: string) {
  return jsonResponse(description, errorBodySchema);
}

/** A JSON answer described by a zod schema (the resolver converts it for the document). */
export function jsonResponse(description: string, schema: z.ZodType) {
  return { description, content: { 'application/json': { schema: resolver(schema) } } };
}

export type RouteDocs = {
  tag: string;
  summary: string;
  description?: string;
  /** Needs a signed-in session (the session cookie): answers 401 without one. */
  signedIn?: boolean;
  /** POST/PUT: the same-origin check and the JSON body guard apply. */
  changesState?: boolean;
  /** Documented body for routes that read their body themselves (the auth endpoints). */
  requestBody?: z.ZodType;
  responses: Record<string, ReturnType<typeof jsonResponse> | OpenAPIV3_1.ResponseObject>;
  errors?: Partial<Record<ErrorStatus, string>>;
};

/** The input guard checks every /api request's path and query string, whatever its method. */
const SHARED_ERRORS: Partial<Record<ErrorStatus, string>> = {
  400: 'VALIDATION_FAILED "Input contains characters that are not allowed": the path or query string holds a control character',
};

const SHARED_STATE_ERRORS: Partial<Record<ErrorStatus, string>> = {
  400: 'VALIDATION_FAILED or INVALID_JSON: the body is not JSON, breaks the rules above, or holds a control character',
  403: 'INVALID_ORIGIN "Invalid origin": Origin (or Referer) is not APP_URL’s origin',
  413: 'PAYLOAD_TOO_LARGE: the body is over 64 KiB (the connection is closed after the answer)',
  415: 'UNSUPPORTED_MEDIA_TYPE: Content-Type is not application/json',
};

/** describeRoute for one Keel route: its tag, answers and errors (shared ones added from the flags). */
export function describe(docs: RouteDocs) {
  const errors: Partial<Record<ErrorStatus, string>> = {
    ...SHARED_ERRORS,
    ...(docs.changesState ? SHARED_STATE_ERRORS : {}),
    ...(docs.signedIn ? { 401: 'UNAUTHORIZED "Please sign in to continue.": no valid session' } : {}),
    ...docs.errors,
  };
  const responses: NonNullable<DescribeRouteOptions['responses']> = { ...docs.responses };
  for (const [status, description] of Object.entries(errors)) responses[status] = errorResponse(description);
  const options: DescribeRouteOptions = {
    tags: [docs.tag],
    summary: docs.summary,
    ...(docs.description ? { description: docs.description } : {}),
    ...(docs.signedIn ? { security: [{ session: [] }] } : {}),
    ...(docs.requestBody
      ? { requestBody: { required: true, content: { 'application/json': { schema: resolver(docs.requestBody) } } } }
      : {}),
    responses,
  };
  return describeRoute(options);
}

/** A decimal string of whole token units (micro-USDC for USDC, share units for shares). */
export const tokenUnits = z
  .string()
  .describe('Integer number of token units as a decimal string')
  .meta({ examples: ['1250000'] });
export const isoTime = z.string().describe('ISO 8601 time');
export const address = z.templateLiteral(['0x', z.string()]).describe('0x-prefixed address (lower-case)');
