import pino from 'pino';

/** Keys whose values never reach a log line, wherever they appear. */
const REDACT = [
  'password',
  'newPassword',
  'currentPassword',
  'token',
  'authorization',
  'cookie',
  '*.password',
  '*.newPassword',
  '*.token',
  '*.authorization',
  '*.cookie',
  'req.headers.cookie',
  'req.headers.authorization',
];

export type Logger = pino.Logger;

/**
 * pino's isoTime, formatted once per millisecond: a busy server writes tens of lines in the same
 * millisecond, and building a Date and its ISO string for each was ~3 % of a static file's CPU
 * (docs/performance.md, round 8). The line's text is the same.
 */
export function cachedIsoTime(now: () => number = Date.now): () => string {
  let lastMs = Number.NaN;
  let last = '';
  return () => {
    const ms = now();
    if (ms !== lastMs) {
      lastMs = ms;
      last = `,"time":"${new Date(ms).toISOString()}"`;
    }
    return last;
  };
}

/** A stream with a synchronous write, as sonic-boom's is with sync: true. */
type SyncTarget = { write: (chunk: string) => unknown };

export type TurnBatchedStream = pino.DestinationStream & {
  /** Writes what is pending now; calls done once written (pino's logger.flush). */
  flush: (done?: (error?: Error) => void) => void;
};

/**
 * Log lines written together, once per event-loop turn: the lines of every request answered in a turn go
 * to target in one write, at the end of the turn (setImmediate), instead of one write each or one hop each
 * through libuv's thread pool (pino's default asynchronous destination). Measured on the fast path: the
 * request log line cost 20-30 µs of CPU per request through the default destination, and batched per turn
 * 2-16 µs less than that in three alternated pairs (docs/performance.md, round 10). Nothing is held past
 * the turn, and flush() (called on exit) writes what is pending.
 */
export function createTurnBatchedStream(
  target: SyncTarget,
  schedule: (run: () => void) => void = setImmediate,
): TurnBatchedStream {
  let pending = '';
  let scheduled = false;
  const writePending = () => {
    scheduled = false;
    if (pending === '') return;
    const chunk = pending;
    pending = '';
    target.write(chunk);
  };
  return {
    write(line: string) {
      pending += line;
      if (!scheduled) {
        scheduled = true;
        schedule(writePending);
      }
    },
    flush(done) {
      try {
        writePending();
      } catch (error) {
        done?.(error instanceof Error ? error : new Error(String(error)));
        return;
      }
      done?.();
    },
  };
}

let stdoutStream: TurnBatchedStream | undefined;

/**
 * stdout for the server's logs: sonic-boom, synchronous (it retries a busy pipe rather than drop a line or
 * queue without bound), fed once per turn; one per process, written out on exit.
 */
function stdoutLogStream(): TurnBatchedStream {
  if (!stdoutStream) {
    const stream = createTurnBatchedStream(pino.destination({ dest: 1, sync: true }));
    process.on('exit', () => stream.flush());
    stdoutStream = stream;
  }
  return stdoutStream;
}

/** Where each logger createLogger made writes, and its clock: createRequestLineWriter writes there too. */
const outputs = new WeakMap<Logger, { stream: pino.DestinationStream; time: () => string }>();

/** JSON lines to stdout, or to destination (tests read what would have been logged). */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const time = cachedIsoTime();
  const stream = destination ?? stdoutLogStream();
  const options: pino.LoggerOptions = {
    level,
    base: undefined,
    timestamp: time,
    redact: { paths: REDACT, censor: '[redacted]' },
  };
  const logger = pino(options, stream);
  outputs.set(logger, { stream, time });
  return logger;
}

/** The fields of the one log line per request, already scrubbed (request-context.ts). */
export type RequestLineFields = {
  requestId: string;
  method: string;
  path: string;
  status: number;
  durationMs: number;
  ip: string | null;
};

/** A number as pino writes one: its decimal text, or null if not finite. */
const jsonNumber = (value: number): string => (Number.isFinite(value) ? String(value) : 'null');

/**
 * A string as JSON.stringify writes it. One of printable ASCII without a quote or
 * backslash (a request id, a method, an address, nearly every path) is written as
 * it is, in quotes: JSON.stringify is a call into the runtime, ~0.6 µs each, four
 * per request line (docs/performance.md, round 17). Anything else is JSON.stringify's.
 */
export function jsonString(value: string): string {
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    if (code < 0x20 || code > 0x7e || code === 0x22 /* " */ || code === 0x5c /* \ */) return JSON.stringify(value);
  }
  return `"${value}"`;
}

/**
 * The request line, written straight to logger's stream: the text pino's
 * logger.info(fields, 'request') writes for a logger made by createLogger (its
 * level, its clock, the fields in this order, "msg" last), without pino's general
 * path, which walks the object, looks up serializers and stringifiers for every
 * key and formats it through several calls. That path was ~6 % of a static
 * file's CPU (docs/performance.md, round 11); logger.test.ts compares the two
 * texts. The fields carry no secret (the path is scrubbed before), so the
 * logger's redaction has nothing to do here, as for pino's own child without it.
 * A logger made elsewhere gets pino's own call.
 */
export function createRequestLineWriter(logger: Logger): (fields: RequestLineFields) => void {
  const output = outputs.get(logger);
  if (!output) {
    const requestLog = logger.child({}, { redact: { paths: [] } });
    return (fields) => requestLog.info(fields, 'request');
  }
  const { stream, time } = output;
  return (fields) => {
    if (!logger.isLevelEnabled('info')) return;
    stream.write(
      `{"level":30${time()},"requestId":${jsonString(fields.requestId)},"method":${jsonString(fields.method)},"path":${jsonString(fields.path)},"status":${jsonNumber(fields.status)},"durationMs":${jsonNumber(fields.durationMs)},"ip":${fields.ip === null ? 'null' : jsonString(fields.ip)},"msg":"request"}\n`,
    );
  };
}
