import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { subscribeSchema } from '@keel/core/schemas';
import { AppError, internalError } from './lib/app-error.js';
import type { Logger } from './lib/logger.js';
import { checkedJson, nodeBodyReader, readBounded } from './middleware/json-body.js';
import { tagNodeRequest, type RequestTagging, type TaggedRequest } from './middleware/request-context.js';
import { hasSessionCookie } from './modules/auth/read-session.js';
import { listAnswer, type ListForm } from './modules/forms/forms.routes.js';
import { healthAnswer } from './modules/health/health.routes.js';
import type { HeaderRecord, WebAnswer, WebRequest } from './modules/web/web.routes.js';

/**
 * The listener's fast path: answers that are already in memory (built files,
 * prerendered pages, the shell for a known route, GET /api/config, and GET
 * /api/health while the last database ping is fresh) are written straight to the Node response with precomputed
 * header lists, instead of going through web Request/Response objects and the
 * Hono middleware chain (docs/performance.md, round 2). So are the waitlist and
 * newsletter sign-ups whose input is plainly good (round 16). Everything else
 * goes to Hono untouched.
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
export type FastPath = (incoming: IncomingMessage, outgoing: ServerResponse, handOn: RequestListener) => boolean;

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
  /** The mailing-list forms by their URL (POST /api/waitlist, /api/newsletter), as their routes run them. */
  lists: ReadonlyMap<string, ListForm>;
  /** The one origin a state-changing request may come from (middleware/same-origin-only.ts). */
  appOrigin: string;
  /** The API's body limit (middleware/json-body.ts). */
  maxBodyBytes: number;
  /** Writes Keel's JSON error for a request the fast path has tagged, as app.onError would (node-listener.ts). */
  answerError: (incoming: IncomingMessage, outgoing: ServerResponse, error: AppError, tagged: TaggedRequest) => void;
  logger: Logger;
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

/** A JSON answer as an /api route gives it: no-store, as app.ts sets on every /api answer. */
function noStoreJson(answer: { status: number; body: unknown }): { status: number; headers: HeaderRecord; body: Buffer } {
  const bytes = Buffer.from(JSON.stringify(answer.body));
  const headers: HeaderRecord = {
    'Content-Type': 'application/json',
    'Cache-Control': 'no-store',
    'Content-Length': String(bytes.length),
  };
  return { status: answer.status, headers, body: bytes };
}

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

  // GET /api/health's two answers (modules/health/health.routes.ts).
  const healthUp = noStoreJson(healthAnswer(true));
  const healthDown = noStoreJson(healthAnswer(false));

  const takeList = createListPath(parts, listFor);

  return (incoming, outgoing, handOn) => {
    const method = incoming.method;
    const url = incoming.url;
    if (method === 'POST') return takeList(incoming, outgoing, handOn);
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

/**
 * The Content-Types the fast path takes as JSON: what fetch and the web client send. Hono's route
 * takes others too (any application/*+json, other parameters); those go to it.
 */
const PLAIN_JSON_TYPES = new Set(['application/json', 'application/json; charset=utf-8', 'application/json;charset=utf-8']);

/** A Content-Length without sign, leading zero or fraction: Number() of it is the length Node framed. */
const PLAIN_LENGTH = /^[1-9]\d{0,8}$/;

/**
 * POST /api/waitlist and /api/newsletter without Hono (docs/performance.md, round 16): the same steps as
 * the Hono route, in the same order — the body guard (json-body.ts), the CSRF check (same-origin-only.ts),
 * the session (none: no session cookie), the limiter, the schema, the subscription — and the same answers.
 *
 * It takes only a request whose headers already pass every check Hono would make before the body: its
 * exact URL, a plain Host, Keel's own Origin, plain JSON with a length within the limit, no chunked
 * framing, no session cookie and no header given twice. Anything else is Hono's, untouched. Once the
 * body is read, one that is not a plainly good sign-up (not JSON, a control character, an email the
 * schema refuses) goes on to Hono with its bytes as the request's rawBody, so every refusal is Hono's
 * own, counted against the limit first where Hono counts it. A good one is counted and subscribed as
 * its route does it, and its answer, or the limiter's 429, written here.
 */
function createListPath(
  parts: FastPathParts,
  listFor: (record: HeaderRecord) => HeaderList,
): (incoming: IncomingMessage, outgoing: ServerResponse, handOn: RequestListener) => boolean {
  const answers = {
    subscribed: noStoreJson(listAnswer('subscribed')),
    already_subscribed: noStoreJson(listAnswer('already_subscribed')),
  };

  const answer = async (incoming: IncomingMessage, outgoing: ServerResponse, handOn: RequestListener, form: ListForm) => {
    const startedAt = performance.now();
    const tag = tagNodeRequest(parts.tagging, incoming);
    const url = incoming.url ?? '';
    const fail = (error: unknown) => {
      if (!(error instanceof AppError)) parts.logger.child({ requestId: tag.requestId }).error({ err: error }, 'unhandled error');
      const known = error instanceof AppError ? error : internalError();
      parts.answerError(incoming, outgoing, known, { ...tag, startedAt });
    };
    let bytes: Uint8Array | null;
    try {
      bytes = await readBounded(nodeBodyReader(incoming), parts.maxBodyBytes);
    } catch (error) {
      fail(error);
      return;
    }
    const email = bytes && listEmail(bytes);
    if (!bytes || email === null) {
      // Not plainly good: Hono refuses it as it would have, from the bytes already read.
      if (bytes) incoming.rawBody = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      handOn(incoming, outgoing);
      return;
    }
    try {
      await form.limit(tag.clientIp);
      const { status, headers, body } = answers[await form.subscribe(email)];
      const list = listFor(headers);
      list[list.length - 1] = tag.requestId;
      outgoing.writeHead(status, list);
      outgoing.end(body);
      parts.tagging.log({ ...tag, method: 'POST', path: url, status, startedAt });
    } catch (error) {
      fail(error);
    }
  };

  return (incoming, outgoing, handOn) => {
    const url = incoming.url;
    const form = url === undefined ? undefined : parts.lists.get(url);
    if (!form) return false;
    const headers = incoming.headers;
    const type = headers['content-type'];
    const length = headers['content-length'];
    if (
      headers.origin !== parts.appOrigin ||
      type === undefined ||
      !PLAIN_JSON_TYPES.has(type) ||
      length === undefined ||
      !PLAIN_LENGTH.test(length) ||
      Number(length) > parts.maxBodyBytes ||
      headers['transfer-encoding'] !== undefined ||
      hasSessionCookie(headers.cookie) ||
      // A header given twice: Node keeps the first of some (Content-Type) where Hono's Headers join them.
      incoming.rawHeaders.length !== 2 * Object.keys(headers).length ||
      (headers.host !== undefined && !PLAIN_HOST.test(headers.host))
    ) {
      return false;
    }
    answer(incoming, outgoing, handOn, form).catch((error: unknown) => parts.logger.error({ err: error }, 'unhandled error'));
    return true;
  };
}

/** The email of a body that passes the body guard and the list forms' schema, else null. */
function listEmail(bytes: Uint8Array): string | null {
  let parsed: unknown;
  try {
    parsed = checkedJson(bytes);
  } catch {
    return null;
  }
  const result = subscribeSchema.safeParse(parsed);
  return result.success ? result.data.email : null;
}
