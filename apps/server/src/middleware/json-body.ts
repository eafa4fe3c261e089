import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { AppError } from '../lib/app-error.js';

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Caps every API body and requires JSON wherever a body is sent. */
export function jsonBodyGuard(maxBytes: number) {
  const cap = bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw new AppError('PAYLOAD_TOO_LARGE', `Request body exceeds ${Math.floor(maxBytes / 1024)} KiB`);
    },
  });
  // GET and HEAD carry no body here; asking for one would make the Node adapter
  // build a full web Request for every read (docs/performance.md).
  const limit = createMiddleware(async (c, next) => (BODY_METHODS.has(c.req.method) ? cap(c, next) : next()));
  const contentType = createMiddleware(async (c, next) => {
    if (BODY_METHODS.has(c.req.method)) {
      const length = c.req.header('content-length');
      const hasBody = length ? Number(length) > 0 : c.req.raw.body !== null;
      const type = c.req.header('content-type') ?? '';
      if (hasBody && !/^application\/json\b/i.test(type)) {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Content-Type must be application/json');
      }
    }
    await next();
  });
  return [limit, contentType] as const;
}
