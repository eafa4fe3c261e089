import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { getConnInfo } from '@hono/node-server/conninfo';
import { createMiddleware } from 'hono/factory';
import { createRequestLineWriter, type Logger } from '../lib/logger.js';
import type { AppEnv } from '../lib/app-env.js';
import { compileProxyTrust, normalizeAddress, resolveClientAddress } from '../lib/client-address.js';
import { redactPath } from '../lib/redact-path.js';
import { setResponseHeader } from '../lib/response-headers.js';

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

function socketAddress(c: Parameters<typeof getConnInfo>[0]): string | null {
  try {
    return getConnInfo(c).remote.address ?? null;
  } catch {
    // app.request() in tests has no socket.
    return null;
  }
}

/** What one request is known by: its id and its client's address. */
export type RequestTag = { requestId: string; clientIp: string | null };

/** A request already tagged, and when it began. */
export type TaggedRequest = RequestTag & { startedAt: number };

/** The fields of the one log line per request. */
export type RequestLine = RequestTag & { method: string; path: string; status: number; startedAt: number };

export type RequestTagging = {
  tag: (incomingId: string | undefined, socketIp: string | null, forwardedFor: string | undefined) => RequestTag;
  log: (line: RequestLine) => void;
};

/** Tags a request read straight from Node (the listener's own answers: fast-path.ts, node-listener.ts). */
export function tagNodeRequest(tagging: RequestTagging, incoming: IncomingMessage): RequestTag {
  const incomingId = incoming.headers['x-request-id'];
  const forwardedFor = incoming.headers['x-forwarded-for'];
  return tagging.tag(
    typeof incomingId === 'string' ? incomingId : undefined,
    incoming.socket.remoteAddress ?? null,
    typeof forwardedFor === 'string' ? forwardedFor : undefined,
  );
}

/**
 * Request id, client IP and the per-request log line, shared by the Hono
 * middleware below and the listener's own answers (fast-path.ts, node-listener.ts),
 * so all tag and log a request the same way. The IP comes from the socket; X-Forwarded-For is
 * believed only through proxies in TRUSTED_PROXIES (addresses or CIDR ranges,
 * IPv4-mapped IPv6 included). The logged path has token-bearing segments
 * redacted and never includes the query string.
 */
export function createRequestTagging(options: { logger: Logger; trustedProxies: string[] }): RequestTagging {
  const trust = compileProxyTrust(options.trustedProxies);
  let warnedUntrustedForwarding = false;
  // The per-request line skips pino's redaction pass and its general formatting
  // (docs/performance-log.md, rounds 2 and 11): its fields are fixed, none is a
  // redacted key, and the path is scrubbed of tokens (redactPath) before it is
  // added. A new field that could carry a secret must be scrubbed the same way.
  const writeRequestLine = createRequestLineWriter(options.logger);
  return {
    tag(incomingId, socketIp, forwardedFor) {
      const requestId = incomingId && REQUEST_ID.test(incomingId) ? incomingId : randomUUID();
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
      return { requestId, clientIp };
    },
    log(line) {
      writeRequestLine({
        requestId: line.requestId,
        method: line.method,
        path: redactPath(line.path),
        status: line.status,
        durationMs: Math.round((performance.now() - line.startedAt) * 10) / 10,
        ip: line.clientIp,
      });
    },
  };
}

/** Tags every request (c.var.requestId, clientIp, logger), answers X-Request-Id and logs one line. */
export function requestContext(tagging: RequestTagging, logger: Logger) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const startedAt = performance.now();
    const { requestId, clientIp } = tagging.tag(c.req.header('x-request-id'), socketAddress(c), c.req.header('x-forwarded-for'));
    c.set('requestId', requestId);
    c.set('clientIp', clientIp);
    c.set('logger', logger.child({ requestId }));
    c.header('X-Request-Id', requestId);
    await next();
    // A handler that answers with a Response of its own (Better Auth's) drops the header set above.
    if (!c.res.headers.has('X-Request-Id')) setResponseHeader(c, 'X-Request-Id', requestId);
    tagging.log({ requestId, clientIp, method: c.req.method, path: c.req.path, status: c.res.status, startedAt });
  });
}
