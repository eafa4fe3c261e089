import type { IncomingMessage, ServerResponse } from 'node:http';
import { tagNodeRequest, type RequestTagging } from './middleware/request-context.js';
import { healthAnswer } from './modules/health/health.routes.js';
import type { HeaderRecord, WebAnswer, WebRequest } from './modules/web/web.routes.js';

/**
 * The listener's fast path: answers that are already in memory (built files,
 * prerendered pages, the shell for a known route, GET /api/config, and GET
 * /api/health while the last database ping is fresh) are written straight to the Node response with precomputed
 * header lists, instead of going through web Request/Response objects and the
 * Hono middleware chain (docs/performance.md, round 2). Everything else goes to
 * Hono untouched.
 *
 * It must answer exactly as the Hono path does — status, body, every header
 * (security headers and CSP, X-Request-Id, ETag/304, gzip), the request log
 * line — and fast-path.test.ts compares the two over real sockets. So it only
 * takes requests whose Hono answer needs nothing it does not have: GET/HEAD,
 * an origin-form path with no percent-escapes or dot segments, a plain Host;
 * on /api only the two routes that never read the session (app.ts's
 * PUBLIC_API_PATHS), so a session cookie changes nothing in their answer.
 * node-listener.ts mounts it in front of Hono.
 */
export type FastPath = (incoming: IncomingMessage, outgoing: ServerResponse) => boolean;

export type FastPathParts = {
  tagging: RequestTagging;
  /** Security headers every response carries, CSP excluded. */
  securityHeaders: readonly (readonly [string, string])[];
  /** The CSP of a response that does not bring its own (HTML pages do). */
  defaultCsp: string;
  web: (pathname: string, request: WebRequest) => WebAnswer | null;
  /** GET /api/config's body. */
  publicConfig: unknown;
  /** The last database ping's answer while it is fresh, else null: GET /api/health is then Hono's, which pings. */
  databaseUp: () => boolean | null;
};

/**
 * Header lists are flat [name, value, name, value, …] arrays, which writeHead
 * takes as they are. The last value is the request's id, set just before each
 * writeHead (which copies the list into the header block at once), so no list
 * is copied per request.
 */
type HeaderList = string[];

/**
 * Host values @hono/node-server takes as they are (its own test, src/url.ts):
 * lower-case name, optional 4-5 digit port. Any other Host it parses as a URL
 * first and may refuse, so the fast path leaves those to it.
 */
const PLAIN_HOST = /^[a-z0-9._-]+(?::(?:[1-5]\d{3,4}|[6-9]\d{3}))?$/;

export function createFastPath(parts: FastPathParts): FastPath {
  const lists = new WeakMap<HeaderRecord, HeaderList>();
  const listFor = (record: HeaderRecord): HeaderList => {
    let list = lists.get(record);
    if (!list) {
      list = Object.entries(record).flat();
      if (!('Content-Security-Policy' in record)) list.push('Content-Security-Policy', parts.defaultCsp);
      for (const [name, value] of parts.securityHeaders) list.push(name, value);
      list.push('X-Request-Id', '');
      lists.set(record, list);
    }
    return list;
  };

  const configBody = Buffer.from(JSON.stringify(parts.publicConfig));
  // What the /api/* chain answers: no-store from app.ts, replaced by the route's no-cache.
  const configHeaders: HeaderRecord = {
    'Cache-Control': 'no-cache',
    'Content-Type': 'application/json',
    'Content-Length': String(configBody.length),
  };

  // GET /api/health's two answers (modules/health/health.routes.ts), no-store as every /api answer.
  const healthAnswerFor = (up: boolean) => {
    const { status, body } = healthAnswer(up);
    const bytes = Buffer.from(JSON.stringify(body));
    const headers: HeaderRecord = {
      'Content-Type': 'application/json',
      'Cache-Control': 'no-store',
      'Content-Length': String(bytes.length),
    };
    return { status, headers, body: bytes };
  };
  const healthUp = healthAnswerFor(true);
  const healthDown = healthAnswerFor(false);

  return (incoming, outgoing) => {
    const method = incoming.method;
    const url = incoming.url;
    if ((method !== 'GET' && method !== 'HEAD') || !url || url.charCodeAt(0) !== 47 /* / */) return false;
    const query = url.indexOf('?');
    const pathname = query === -1 ? url : url.slice(0, query);
    // Left to Hono: what URL parsing would rewrite (//host, %-escapes, dot segments).
    if (pathname.startsWith('//') || pathname.includes('%') || pathname.includes('/.')) return false;
    // And a Host header @hono/node-server must parse before it routes (it refuses a bad one with 400).
    const host = incoming.headers.host;
    if (host && !PLAIN_HOST.test(host)) return false;

    const startedAt = performance.now();
    let status: number;
    let headers: HeaderRecord;
    let body: Uint8Array | null;
    if (pathname.startsWith('/api')) {
      // Only the exact URLs: a query string goes through the input guard.
      if (method !== 'GET') return false;
      if (url === '/api/config') {
        status = 200;
        headers = configHeaders;
        body = configBody;
      } else if (url === '/api/health') {
        const up = parts.databaseUp();
        if (up === null) return false;
        ({ status, headers, body } = up ? healthUp : healthDown);
      } else return false;
    } else {
      const answer = parts.web(pathname, {
        method,
        ifNoneMatch: incoming.headers['if-none-match'],
        acceptEncoding: incoming.headers['accept-encoding'],
      });
      if (!answer) return false;
      ({ status, headers, body } = answer);
    }

    const { requestId, clientIp } = tagNodeRequest(parts.tagging, incoming);
    const list = listFor(headers);
    list[list.length - 1] = requestId;
    outgoing.writeHead(status, list);
    if (body) outgoing.end(body);
    else outgoing.end();
    parts.tagging.log({ requestId, clientIp, method, path: pathname, status, startedAt });
    return true;
  };
}
