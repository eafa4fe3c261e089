import { randomUUID } from 'node:crypto';
import { getConnInfo } from '@hono/node-server/conninfo';
import { createMiddleware } from 'hono/factory';
import type { Logger } from '../lib/logger.js';
import type { AppEnv } from '../lib/app-env.js';
import { compileProxyTrust, normalizeAddress, resolveClientAddress } from '../lib/client-address.js';
import { redactPath } from '../lib/redact-path.js';

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
 * socket; X-Forwarded-For is believed only through proxies in TRUSTED_PROXIES
 * (addresses or CIDR ranges, IPv4-mapped IPv6 included). The logged path has
 * token-bearing segments redacted and never includes the query string.
 */
export function requestContext(options: { logger: Logger; trustedProxies: string[] }) {
  const trust = compileProxyTrust(options.trustedProxies);
  let warnedUntrustedForwarding = false;
  // The per-request line skips pino's redaction pass (about half the cost of a
  // line, docs/performance.md): its fields are fixed, none is a redacted key, and
  // the path is scrubbed of tokens (redactPath) before it is added. A new field
  // that could carry a secret must be scrubbed the same way.
  const requestLog = options.logger.child({}, { redact: { paths: [] } });
  return createMiddleware<AppEnv>(async (c, next) => {
    const started = performance.now();
    const incoming = c.req.header('x-request-id');
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    const socketIp = socketAddress(c);
    const forwardedFor = c.req.header('x-forwarded-for');
    let clientIp: string | null = null;
    if (socketIp) {
      clientIp = resolveClientAddress(socketIp, forwardedFor, trust);
      if (forwardedFor && !warnedUntrustedForwarding && !trust(socketIp, 0)) {
        // Once per process: behind an unlisted proxy every client looks like the proxy.
        warnedUntrustedForwarding = true;
        options.logger.warn(
          { peer: normalizeAddress(socketIp) },
          'X-Forwarded-For received from a peer not in TRUSTED_PROXIES; it is ignored and the peer address is used as the client IP. If this peer is your proxy, add it to TRUSTED_PROXIES.',
        );
      }
    }
    c.set('requestId', requestId);
    c.set('clientIp', clientIp);
    c.set('logger', options.logger.child({ requestId }));
    c.header('X-Request-Id', requestId);
    await next();
    requestLog.info(
      {
        requestId,
        method: c.req.method,
        path: redactPath(c.req.path),
        status: c.res.status,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
        ip: clientIp,
      },
      'request',
    );
  });
}
