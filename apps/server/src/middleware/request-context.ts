import { randomUUID } from 'node:crypto';
import { getConnInfo } from '@hono/node-server/conninfo';
import { createMiddleware } from 'hono/factory';
import type { Logger } from '../lib/logger.js';
import type { AppEnv } from '../lib/app-env.js';

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

function socketAddress(c: Parameters<typeof getConnInfo>[0]): string | null {
  try {
    return getConnInfo(c).remote.address ?? null;
  } catch {
    // app.request() in tests has no socket.
    return null;
  }
}

/**
 * Request id, client IP and one JSON log line per request. The IP comes from the
 * socket; X-Forwarded-For is believed only when the socket is a trusted proxy.
 */
export function requestContext(options: { logger: Logger; trustedProxies: string[] }) {
  // The per-request line skips pino's redaction pass (about half the cost of a
  // line, docs/performance.md): its fields are fixed and none is a redacted key.
  // A field that could carry a secret must be scrubbed before it is added here.
  const requestLog = options.logger.child({}, { redact: { paths: [] } });
  return createMiddleware<AppEnv>(async (c, next) => {
    const started = performance.now();
    const incoming = c.req.header('x-request-id');
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    const socketIp = socketAddress(c);
    let clientIp = socketIp;
    if (socketIp && options.trustedProxies.includes(socketIp)) {
      const forwarded = c.req
        .header('x-forwarded-for')
        ?.split(',')
        .map((part) => part.trim())
        .filter(Boolean);
      // The right-most address not added by a trusted proxy is the client.
      const untrusted = forwarded?.reverse().find((address) => !options.trustedProxies.includes(address));
      clientIp = untrusted ?? socketIp;
    }
    c.set('requestId', requestId);
    c.set('clientIp', clientIp);
    c.set('logger', options.logger.child({ requestId }));
    c.header('X-Request-Id', requestId);
    await next();
    const path = c.req.path;
    requestLog.info(
      {
        requestId,
        method: c.req.method,
        path,
        status: c.res.status,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
        ip: clientIp,
      },
      'request',
    );
  });
}
