import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { getRequestListener, RequestError } from '@hono/node-server';
import { AppError, errorBody, internalError, type ErrorCode } from './lib/app-error.js';
import type { Logger } from './lib/logger.js';
import { tagNodeRequest } from './middleware/request-context.js';
import type { FastPath, FastPathParts } from './fast-path.js';

/**
 * Keel's JSON error for requests Hono never sees: ones @hono/node-server cannot
 * make a URL of (a bad Host, an asterisk-form or backslashed target) and ones
 * Node's HTTP parser refuses (malformed framing, headers over the size limit).
 * Left alone, both get an empty answer with no security headers, no request id
 * and no log line. These carry the same headers as every other answer (CSP and
 * the fixed security headers), no-store, an X-Request-Id, and one request log line.
 */
export type ErrorAnswers = {
  /** Writes the error as the answer to a request that was parsed but not routable. */
  toRequest: (incoming: IncomingMessage, outgoing: ServerResponse, error: AppError) => void;
  /** The raw HTTP bytes of the error, for a connection whose request could not be parsed; logs it. */
  toConnection: (socket: Duplex, error: AppError) => Buffer;
};

const STATUS_TEXT: Partial<Record<number, string>> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  413: 'Payload Too Large',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
};

export function createErrorAnswers(parts: Pick<FastPathParts, 'tagging' | 'securityHeaders' | 'defaultCsp'>): ErrorAnswers {
  const headersFor = (body: Buffer, requestId: string): [string, string][] => [
    ['Content-Type', 'application/json'],
    ['Cache-Control', 'no-store'],
    ['Content-Length', String(body.length)],
    ['Content-Security-Policy', parts.defaultCsp],
    ...parts.securityHeaders.map(([name, value]): [string, string] => [name, value]),
    ['X-Request-Id', requestId],
  ];
  return {
    toRequest(incoming, outgoing, error) {
      const startedAt = performance.now();
      const { requestId, clientIp } = tagNodeRequest(parts.tagging, incoming);
      const body = Buffer.from(JSON.stringify(errorBody(error)));
      outgoing.writeHead(error.status, headersFor(body, requestId).flat());
      outgoing.end(incoming.method === 'HEAD' ? undefined : body);
      const url = incoming.url ?? '';
      const query = url.indexOf('?');
      const path = query === -1 ? url : url.slice(0, query);
      parts.tagging.log({ requestId, clientIp, method: incoming.method ?? '', path, status: error.status, startedAt });
    },
    toConnection(socket, error) {
      const startedAt = performance.now();
      const remoteAddress = 'remoteAddress' in socket && typeof socket.remoteAddress === 'string' ? socket.remoteAddress : null;
      // No header of this request can be trusted (not even its id): it did not parse.
      const { requestId, clientIp } = parts.tagging.tag(undefined, remoteAddress, undefined);
      const body = Buffer.from(JSON.stringify(errorBody(error)));
      const head = [
        `HTTP/1.1 ${error.status} ${STATUS_TEXT[error.status] ?? 'Bad Request'}`,
        ...headersFor(body, requestId).map(([name, value]) => `${name}: ${value}`),
        'Connection: close',
      ];
      parts.tagging.log({ requestId, clientIp, method: '-', path: '-', status: error.status, startedAt });
      return Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`, 'latin1'), body]);
    },
  };
}

/** What Node's parser error codes mean, as Node answers them by default (lib/_http_server.js). */
function parserError(code: string | undefined): AppError {
  const known: Partial<Record<string, [ErrorCode, string]>> = {
    HPE_HEADER_OVERFLOW: ['REQUEST_HEADERS_TOO_LARGE', 'Request headers are too large'],
    HPE_CHUNK_EXTENSIONS_OVERFLOW: ['PAYLOAD_TOO_LARGE', 'Request chunk extensions are too large'],
    ERR_HTTP_REQUEST_TIMEOUT: ['REQUEST_TIMEOUT', 'The request did not arrive in time'],
  };
  const [errorCode, message] = known[code ?? ''] ?? ['BAD_REQUEST', 'Malformed HTTP request'];
  return new AppError(errorCode, message);
}

export type NodeListenerOptions = {
  fastPath: FastPath;
  fetch: Parameters<typeof getRequestListener>[0];
  /** The host a request without a Host header is taken to be for (HTTP/1.0). */
  hostname?: string;
  errors: ErrorAnswers;
  logger: Logger;
};

/**
 * The Node server's listeners: the static fast path first (fast-path.ts), Hono
 * for everything it does not take, Keel's JSON error for what neither can route,
 * and, for the server's 'clientError' event, for what Node cannot parse.
 */
export function createNodeListeners(options: NodeListenerOptions): {
  request: RequestListener;
  clientError: (error: NodeJS.ErrnoException, socket: Duplex) => void;
} {
  // @hono/node-server calls errorHandler synchronously, inside hono() below, when it
  // cannot build the web Request; answering nothing (undefined) leaves the answer to us.
  let refusedBecause: string | null = null;
  const hono = getRequestListener(options.fetch, {
    ...(options.hostname ? { hostname: options.hostname } : {}),
    errorHandler: (error) => {
      if (error instanceof RequestError) refusedBecause = error.message;
      else options.logger.error({ err: error }, 'unhandled error');
      return undefined;
    },
  });
  /** Hono's answers per connection: a parser error must not write into one that has begun (Node's own rule). */
  const answers = new WeakMap<object, Set<ServerResponse>>();
  const request: RequestListener = (incoming, outgoing) => {
    if (incoming.headers.host === undefined && incoming.httpVersionMajor === 1 && incoming.httpVersionMinor === 1) {
      // RFC 9112 3.2. Node's own check (requireHostHeader, off in createKeelServer) answers with no body or headers.
      options.errors.toRequest(incoming, outgoing, new AppError('BAD_REQUEST', 'Malformed request: missing Host header'));
      return;
    }
    if (!options.fastPath(incoming, outgoing)) viaHono(incoming, outgoing);
  };
  /** Hono's answer, or Keel's JSON error for a request it cannot build (see errorHandler above). */
  const viaHono: RequestListener = (incoming, outgoing) => {
    const open = answers.get(incoming.socket) ?? new Set<ServerResponse>();
    answers.set(incoming.socket, open.add(outgoing));
    outgoing.once('close', () => open.delete(outgoing));
    refusedBecause = null;
    const done = hono(incoming, outgoing);
    const reason = refusedBecause;
    refusedBecause = null;
    done
      .then(() => {
        // Only the errorHandler path above ends with nothing written.
        if (outgoing.headersSent) return;
        const error = reason === null ? internalError() : new AppError('BAD_REQUEST', `Malformed request: ${reason}`);
        options.errors.toRequest(incoming, outgoing, error);
      })
      // An unhandled rejection would end the process (Node's default): log it, keep serving.
      .catch((error: unknown) => options.logger.error({ err: error }, 'unhandled error'));
  };
  const clientError = (error: NodeJS.ErrnoException, socket: Duplex) => {
    const begun = [...(answers.get(socket) ?? [])].some((outgoing) => outgoing.headersSent);
    if (error.code !== 'ECONNRESET' && socket.writable && !begun) {
      socket.write(options.errors.toConnection(socket, parserError(error.code)));
    }
    socket.destroy();
  };
  return { request, clientError };
}

/** The Node HTTP server with Keel's listeners (main.ts; the socket-level tests use it too). */
export function createKeelServer(options: NodeListenerOptions): Server {
  const listeners = createNodeListeners(options);
  return createServer({ requireHostHeader: false }, listeners.request).on('clientError', listeners.clientError);
}
