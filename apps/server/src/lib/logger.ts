import { writeSync } from 'node:fs';
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
 * (docs/performance-log.md, "the load generator was measuring itself"). The line's text is the same.
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
export type SyncTarget = { write: (chunk: string) => unknown };

export type BatchedStream = pino.DestinationStream & {
  /** Writes what is pending now; calls done once written (pino's logger.flush). */
  flush: (done?: (error?: Error) => void) => void;
};

/** The shortest time between two writes of a busy server's log lines. */
const LOG_WRITE_GAP_MS = 2;

export type BatchedStreamOptions = {
  /** Runs at the end of this event-loop turn (setImmediate). */
  soon?: (run: () => void) => void;
  /** Runs after ms, without keeping the process alive (an unref'd setTimeout). */
  later?: (run: () => void, ms: number) => void;
  /** A monotonic clock in ms (performance.now). */
  now?: () => number;
  gapMs?: number;
};

/**
 * Log lines written together: the lines of every request answered in a turn go to target in one write at
 * the end of the turn (setImmediate), and while the server is busy (the last write was under gapMs ago),
 * at gapMs after the last write instead, so a loaded server makes one write(2) per ~2 ms rather than one
 * per turn, which was nearly one per request. A write(2) costs ~2.7 µs of CPU on this machine whatever it
 * carries; one per turn was ~3 µs of a ~40 µs static answer (docs/performance-log.md, rounds 10 and 18). An
 * idle server's line still goes out at the end of its turn; no line waits more than gapMs past it, and
 * flush() (called on exit, including process.exit after an uncaught error) writes what is pending.
 */
export function createBatchedStream(target: SyncTarget, options: BatchedStreamOptions = {}): BatchedStream {
  const soon = options.soon ?? setImmediate;
  const later = options.later ?? ((run, ms) => void setTimeout(run, ms).unref());
  const now = options.now ?? (() => performance.now());
  const gapMs = options.gapMs ?? LOG_WRITE_GAP_MS;
  let pending = '';
  let scheduled = false;
  let lastWriteAt = Number.NEGATIVE_INFINITY;
  const writePending = () => {
    scheduled = false;
    if (pending === '') return;
    const chunk = pending;
    pending = '';
    lastWriteAt = now();
    target.write(chunk);
  };
  return {
    write(line: string) {
      pending += line;
      if (scheduled) return;
      scheduled = true;
      const wait = lastWriteAt + gapMs - now();
      if (wait > 0) later(writePending, wait);
      else soon(writePending);
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

/** How long a write to a busy pipe waits before it tries again (sonic-boom's BUSY_WRITE_TIMEOUT). */
const BUSY_WAIT_MS = 100;

export type FdWriteOptions = {
  /** fs.writeSync's (fd, data, offset?, length?) form: bytes written, or it throws. */
  write?: (fd: number, data: string | Uint8Array, offset?: number, length?: number) => number;
  /** Blocks the thread for ms (EAGAIN on a non-blocking pipe). */
  wait?: (ms: number) => void;
};

function blockFor(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * A file descriptor's synchronous writer, as pino's sync destination (sonic-boom) is, for a batch of
 * lines (createBatchedStream): the chunk goes to the kernel whole, a short write's remaining bytes go
 * after it, and a busy pipe (EAGAIN) is waited for and written to again, so no line is dropped and
 * nothing queues without bound. Any other failure (EPIPE, EBADF) is thrown, as sonic-boom's 'error' is.
 * It hands the string to the kernel as it is, where sonic-boom measured and encoded each chunk three
 * times and emitted two events per write: ~4.0 against ~2.9 µs of CPU per write of one line to
 * /dev/null (docs/performance-log.md, "the log's writes").
 */
export function createFdWriter(fd: number, options: FdWriteOptions = {}): SyncTarget {
  const write = options.write ?? writeSync;
  const wait = options.wait ?? blockFor;
  const retrying = <T>(attempt: () => T): T => {
    for (;;) {
      try {
        return attempt();
      } catch (error) {
        if (!(error instanceof Error && 'code' in error && error.code === 'EAGAIN')) throw error;
        wait(BUSY_WAIT_MS);
      }
    }
  };
  return {
    write(chunk: string) {
      const written = retrying(() => write(fd, chunk));
      const length = Buffer.byteLength(chunk);
      if (written >= length) return;
      const bytes = Buffer.from(chunk);
      for (let offset = written; offset < length;) {
        offset += retrying(() => write(fd, bytes, offset, length - offset));
      }
    },
  };
}

let stdoutStream: BatchedStream | undefined;

/**
 * stdout for the server's logs: written synchronously (createFdWriter: it waits for a busy pipe rather
 * than drop a line or queue without bound), in batches (createBatchedStream); one per process, written
 * out on exit.
 */
function stdoutLogStream(): BatchedStream {
  if (!stdoutStream) {
    const stream = createBatchedStream(createFdWriter(1));
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
 * per request line (docs/performance-log.md, "what an idle spell did to a restarted server"). Anything else is
 * JSON.stringify's.
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
 * file's CPU (docs/performance-log.md, "the request line, by hand"); logger.test.ts compares the two
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
