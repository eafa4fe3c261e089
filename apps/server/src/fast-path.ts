import type { IncomingMessage, ServerResponse } from 'node:http';
import { tagNodeRequest, type RequestTagging } from './middleware/request-context.js';
import type { HeaderRecord, WebAnswer, WebRequest } from './modules/web/web.routes.js';

/**
 * The listener's static fast path: what a static file server does, outside Hono.
 * The web app's files held in memory (hashed assets, prerendered pages, the shell
 * for a known client-rendered route, robots.txt, sitemap.xml) are written straight
 * to the Node response with header lists worked out once, instead of going through
 * web Request/Response objects and the middleware chain. Every other request,
 * /api among them, is Hono's; docs/decisions/011-deliberate-bypasses.md says why.
 *
 * Its answer is the one Hono's web route gives (the same web.routes.ts answer),
 * with the headers and log line Hono's middleware adds: the security headers and
 * CSP, X-Request-Id, one request log line. fast-path.test.ts compares the two over
 * real sockets. It only takes a GET or HEAD whose URL Hono would not rewrite (no
 * percent-escapes or dot segments) with a plain Host; node-listener.ts mounts it.
 */
export type FastPath = (incoming: IncomingMessage, outgoing: ServerResponse) => boolean;

export type FastPathParts = {
  tagging: RequestTagging;
  /** Security headers every response carries, CSP excluded. */
  securityHeaders: readonly (readonly [string, string])[];
  /** The CSP of a response that does not bring its own (HTML pages do). */
  defaultCsp: string;
  /** The web app's answer for a path, or null for one it leaves to Hono (modules/web/web.routes.ts). */
  web: (pathname: string, request: WebRequest) => WebAnswer | null;
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

  return (incoming, outgoing) => {
    const method = incoming.method;
    const url = incoming.url;
    if ((method !== 'GET' && method !== 'HEAD') || !url || url.charCodeAt(0) !== 47 /* / */) return false;
    const query = url.indexOf('?');
    const pathname = query === -1 ? url : url.slice(0, query);
    // The API is Hono's, whatever the path.
    if (pathname.startsWith('/api')) return false;
    // Left to Hono: what URL parsing would rewrite (//host, %-escapes, dot segments).
    if (pathname.startsWith('//') || pathname.includes('%') || pathname.includes('/.')) return false;
    // And a Host header @hono/node-server must parse before it routes (it refuses a bad one with 400).
    const host = incoming.headers.host;
    if (host && !PLAIN_HOST.test(host)) return false;

    const startedAt = performance.now();
    const answer = parts.web(pathname, {
      method,
      ifNoneMatch: incoming.headers['if-none-match'],
      acceptEncoding: incoming.headers['accept-encoding'],
    });
    if (!answer) return false;

    const { requestId, clientIp } = tagNodeRequest(parts.tagging, incoming);
    const list = listFor(answer.headers);
    list[list.length - 1] = requestId;
    outgoing.writeHead(answer.status, list);
    if (answer.body) outgoing.end(answer.body);
    else outgoing.end();
    parts.tagging.log({ requestId, clientIp, method, path: pathname, status: answer.status, startedAt });
    return true;
  };
}
