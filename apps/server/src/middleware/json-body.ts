import { IncomingMessage } from 'node:http';
import { createMiddleware } from 'hono/factory';
import { AppError } from '../lib/app-error.js';
import type { AppEnv } from '../lib/app-env.js';
import { findControlCharacter, hasControlCharacter } from '../lib/control-characters.js';

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A refused body is still read to its end (and thrown away) before the answer,
 * up to these bounds: a client that writes its whole body before reading the
 * reply (most HTTP libraries) then gets the 413 instead of a connection reset.
 * Past them the connection is simply closed.
 */
const DISCARD_MAX_BYTES = 8 * 1024 * 1024;
const DISCARD_MAX_MS = 10_000;

/** The one thing read here needs of a body: its next chunk. */
type BodyReader = { read: () => Promise<ReadResult> };
type ReadResult = { done: true; value?: Uint8Array | undefined } | { done: false; value: Uint8Array };

const INVALID_CHARACTERS = 'Input contains characters that are not allowed';

/**
 * One decoder for every body: fatal (a body that is not UTF-8 is refused), a leading BOM dropped. Each
 * decode() without { stream: true } is whole on its own, and one that throws leaves nothing behind for
 * the next (json-body.test.ts); making a decoder per request was ~1 µs of each.
 */
const UTF8 = new TextDecoder('utf-8', { fatal: true });

function tooLarge(maxBytes: number): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', `Request body exceeds ${Math.floor(maxBytes / 1024)} KiB`);
}

function readWithin(reader: BodyReader, deadline: number): Promise<ReadResult | null> {
  const remaining = deadline - Date.now();
  if (remaining <= 0) return Promise.resolve(null);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), remaining);
  });
  return Promise.race([reader.read(), timeout]).finally(() => clearTimeout(timer));
}

/** Reads and drops the rest of a refused body, within the bounds above. */
async function discardRest(reader: BodyReader, alreadyRead: number): Promise<void> {
  const deadline = Date.now() + DISCARD_MAX_MS;
  let seen = alreadyRead;
  while (seen <= DISCARD_MAX_BYTES) {
    const chunk = await readWithin(reader, deadline);
    if (!chunk || chunk.done) return;
    seen += chunk.value.byteLength;
  }
}

/** The whole body, or null (after discarding the rest) when it is larger than maxBytes. */
async function readBounded(reader: BodyReader, maxBytes: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await discardRest(reader, size);
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

function checkQueryAndPath(url: string, path: string): void {
  let decoded = path;
  if (path.includes('%')) {
    try {
      decoded = decodeURIComponent(path);
    } catch {
      throw new AppError('MALFORMED_PATH', 'Malformed request path');
    }
  }
  if (hasControlCharacter(decoded)) throw new AppError('VALIDATION_FAILED', INVALID_CHARACTERS, { field: 'path' });
  const query = url.indexOf('?');
  if (query === -1) return;
  for (const [key, value] of new URLSearchParams(url.slice(query + 1))) {
    if (hasControlCharacter(key) || hasControlCharacter(value)) {
      throw new AppError('VALIDATION_FAILED', INVALID_CHARACTERS, { field: `query.${key}` });
    }
  }
}

/**
 * A body that stopped before its end: the client closed the connection (or it
 * broke) mid-body. The client's doing, so a 400 in the request log rather than
 * an 'unhandled error' and a 500; nobody is left to read the answer.
 */
function cutOff(): AppError {
  return new AppError('BAD_REQUEST', 'The request body ended before it was complete');
}

/**
 * The Node request's next chunk, from its own buffer when one is there, else at
 * its next 'readable', 'end', 'error' or 'close'. Node's async iterator over a
 * stream does the same with an async generator and a finished() watcher set up
 * per request: ~15 µs of each small JSON POST (docs/performance-log.md, "what a sign-up paid around its two
 * statements").
 * A request that errors or closes before its end is cut off (the body stopped
 * before it was complete), as it was through the iterator.
 */
function nodeBodyReader(incoming: IncomingMessage): BodyReader {
  const next = (): ReadResult | null => {
    const chunk: unknown = incoming.read();
    if (chunk instanceof Buffer) return { done: false, value: chunk };
    return incoming.readableEnded ? { done: true } : null;
  };
  return {
    read() {
      const ready = next();
      if (ready) return Promise.resolve(ready);
      if (incoming.destroyed) return Promise.reject(cutOff());
      return new Promise<ReadResult>((resolve, reject) => {
        const settle = (result: ReadResult | null) => {
          incoming.off('readable', onReadable);
          incoming.off('end', onEnd);
          incoming.off('error', onCutOff);
          incoming.off('close', onClose);
          if (result) resolve(result);
          else reject(cutOff());
        };
        const onReadable = () => {
          // At the end, 'readable' comes first and read() gives nothing yet: 'end' follows.
          const result = next();
          if (result) settle(result);
        };
        const onEnd = () => settle({ done: true });
        const onCutOff = () => settle(null);
        const onClose = () => settle(incoming.readableEnded ? { done: true } : null);
        incoming.on('readable', onReadable);
        incoming.on('end', onEnd);
        incoming.on('error', onCutOff);
        incoming.on('close', onClose);
      });
    },
  };
}

/**
 * The body's reader. Served by @hono/node-server, the body is read from the
 * Node request itself: asking the web Request for its body would first build
 * a full undici Request around a web stream, the largest single cost of a small
 * JSON POST (docs/performance-log.md, "sign-ups (22–23 Nov 2026)"). app.request() in tests has no Node
 * request and reads the web body.
 */
function bodyReader(raw: Request, incoming: IncomingMessage | undefined): BodyReader | null {
  if (incoming) return nodeBodyReader(incoming);
  if (raw.body === null) return null;
  const reader = raw.body.getReader();
  return {
    read: () =>
      reader.read().then(
        (result): ReadResult => result,
        () => {
          throw cutOff();
        },
      ),
  };
}

/** Whether the request says it carries a body at all (a length, or chunked framing). */
function declaresBody(incoming: IncomingMessage): boolean {
  return incoming.headers['content-length'] !== undefined || incoming.headers['transfer-encoding'] !== undefined;
}

/** A body's bytes as JSON: UTF-8 (400 otherwise), parsed (400 INVALID_JSON), no control character in any string (400). */
function checkedJson(bytes: Uint8Array): unknown {
  let parsed: unknown;
  try {
    parsed = JSON.parse(UTF8.decode(bytes));
  } catch {
    throw new AppError('INVALID_JSON', 'Request body is not valid JSON');
  }
  const field = findControlCharacter(parsed);
  if (field !== null) throw new AppError('VALIDATION_FAILED', INVALID_CHARACTERS, { field: field || 'body' });
  return parsed;
}

/**
 * Every API request's input, before any route sees it: bodies are capped (413),
 * must be JSON (415) that parses (400), and no string anywhere in the body, the
 * query or the path may hold a control character (400). A body that is refused
 * is read to its end first, so the client hears the answer (see DISCARD_*).
 * The checked bytes are then what the routes read: on Node as the request's
 * rawBody (which @hono/node-server serves to text()/json()/body), otherwise as a
 * fresh in-memory Request.
 */
export function jsonBodyGuard(maxBytes: number) {
  return createMiddleware<AppEnv>(async (c, next) => {
    checkQueryAndPath(c.req.url, c.req.path);
    if (!BODY_METHODS.has(c.req.method)) return next();
    const incoming = c.env?.incoming instanceof IncomingMessage ? c.env.incoming : undefined;
    if (incoming && !declaresBody(incoming)) return next();
    const raw = c.req.raw;
    const reader = bodyReader(raw, incoming);
    if (reader === null) return next();
    const lengthHeader = c.req.header('content-length');
    const declared = lengthHeader === undefined ? null : Number(lengthHeader);
    if (declared === 0) return next();
    if (declared !== null && !(Number.isSafeInteger(declared) && declared <= maxBytes)) {
      await discardRest(reader, 0);
      throw tooLarge(maxBytes);
    }
    const type = c.req.header('content-type') ?? '';
    if (!/^application\/json\b/i.test(type)) {
      await discardRest(reader, 0);
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Content-Type must be application/json');
    }
    const bytes = await readBounded(reader, maxBytes);
    if (bytes === null) throw tooLarge(maxBytes);
    const passOn = () => {
      if (incoming) incoming.rawBody = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      else c.req.raw = new Request(raw, { body: bytes });
    };
    if (bytes.byteLength === 0) {
      passOn();
      return next();
    }
    checkedJson(bytes);
    passOn();
    await next();
  });
}
