import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import {
  cachedIsoTime,
  createBatchedStream,
  createFdWriter,
  createLogger,
  createRequestLineWriter,
  jsonString,
  type RequestLineFields,
} from './logger.js';

describe('cachedIsoTime', () => {
  it("writes what pino's isoTime writes, and a new time as soon as the millisecond changes", () => {
    let now = Date.UTC(2026, 10, 26, 12, 0, 0, 1);
    const time = cachedIsoTime(() => now);
    // pino's own function, for the shape of what it writes.
    expect(pino.stdTimeFunctions.isoTime()).toMatch(/^,"time":"[^"]+Z"$/);
    expect(time()).toBe(',"time":"2026-11-26T12:00:00.001Z"');
    now += 1;
    expect(time()).toBe(',"time":"2026-11-26T12:00:00.002Z"');
    now += 86_400_000;
    expect(time()).toBe(',"time":"2026-11-27T12:00:00.002Z"');
  });

  it('gives every log line a parseable ISO time close to the clock', () => {
    const lines: string[] = [];
    const logger = createLogger('info', { write: (line: string) => void lines.push(line) });
    const before = Date.now();
    logger.info('first');
    logger.info('second');
    const after = Date.now();
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      const { time } = JSON.parse(line) as { time: string };
      expect(time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(Date.parse(time)).toBeGreaterThanOrEqual(before);
      expect(Date.parse(time)).toBeLessThanOrEqual(after);
    }
  });
});

/** A hand-driven clock and scheduler for createBatchedStream. */
function manualTurns() {
  const clock = { ms: 1_000 };
  const turns: (() => void)[] = [];
  const timers: { run: () => void; ms: number }[] = [];
  return {
    clock,
    turns,
    timers,
    options: {
      soon: (run: () => void) => void turns.push(run),
      later: (run: () => void, ms: number) => void timers.push({ run, ms }),
      now: () => clock.ms,
      gapMs: 2,
    },
  };
}

describe('createBatchedStream', () => {
  it("writes a turn's lines together, in order, once the turn is over", () => {
    const writes: string[] = [];
    const { turns, options } = manualTurns();
    const stream = createBatchedStream({ write: (chunk) => writes.push(chunk) }, options);
    stream.write('a\n');
    stream.write('b\n');
    stream.write('c\n');
    expect(writes).toEqual([]);
    expect(turns).toHaveLength(1);
    turns[0]?.();
    expect(writes).toEqual(['a\nb\nc\n']);
  });

  it('while busy, writes at most once per gap, holding no line longer than the gap past its turn', () => {
    const writes: string[] = [];
    const { clock, turns, timers, options } = manualTurns();
    const stream = createBatchedStream({ write: (chunk) => writes.push(chunk) }, options);
    stream.write('a\n');
    turns[0]?.();
    expect(writes).toEqual(['a\n']);

    // 0.5 ms after that write: the next lines wait for the rest of the 2 ms gap.
    clock.ms += 0.5;
    stream.write('b\n');
    clock.ms += 0.5;
    stream.write('c\n');
    expect(turns).toHaveLength(1);
    expect(timers).toEqual([{ run: expect.any(Function) as unknown, ms: 1.5 }]);
    clock.ms += 1;
    timers[0]?.run();
    expect(writes).toEqual(['a\n', 'b\nc\n']);

    // Quiet for longer than the gap: the next line goes out at the end of its own turn again.
    clock.ms += 5;
    stream.write('d\n');
    expect(timers).toHaveLength(1);
    expect(turns).toHaveLength(2);
    turns[1]?.();
    expect(writes).toEqual(['a\n', 'b\nc\n', 'd\n']);
  });

  it('writes what is pending on flush, and nothing twice', () => {
    const writes: string[] = [];
    const { turns, options } = manualTurns();
    const stream = createBatchedStream({ write: (chunk) => writes.push(chunk) }, options);
    stream.write('pending\n');
    let flushed = false;
    stream.flush(() => {
      flushed = true;
    });
    expect(flushed).toBe(true);
    expect(writes).toEqual(['pending\n']);
    // The turn's own write finds nothing left.
    turns[0]?.();
    stream.flush();
    expect(writes).toEqual(['pending\n']);
  });

  it('hands a failing write to flush’s callback', () => {
    const stream = createBatchedStream(
      {
        write: () => {
          throw new Error('EBADF');
        },
      },
      manualTurns().options,
    );
    stream.write('x\n');
    let failure: Error | undefined;
    stream.flush((error) => {
      failure = error;
    });
    expect(failure?.message).toBe('EBADF');
  });

  it('gives pino one write per turn for many lines', async () => {
    const writes: string[] = [];
    const logger = pino({ base: undefined }, createBatchedStream({ write: (chunk) => writes.push(chunk) }));
    logger.info({ n: 1 }, 'one');
    logger.info({ n: 2 }, 'two');
    expect(writes).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toHaveLength(1);
    const lines = (writes[0] ?? '')
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { n: number; msg: string });
    expect(lines.map(({ n, msg }) => [n, msg])).toEqual([
      [1, 'one'],
      [2, 'two'],
    ]);
  });

  /** Runs body in a child process with the server's stdout logger; the lines it wrote, parsed. */
  function childLines(body: string[]): { i: number; msg: string }[] {
    const script = [
      `import { createLogger } from ${JSON.stringify(fileURLToPath(new URL('./logger.ts', import.meta.url)))};`,
      `const logger = createLogger('info');`,
      ...body,
    ].join('\n');
    const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    return result.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { i: number; msg: string });
  }

  it("loses no line of the server's stdout logger when the process exits in the same turn", () => {
    const lines = childLines([`for (let i = 0; i < 50; i++) logger.info({ i }, 'line');`, `process.exit(0);`]);
    expect(lines.map((line) => line.i)).toEqual(Array.from({ length: 50 }, (_, i) => i));
  });

  it('loses no line held for the gap after a write, whether the process exits or simply ends', () => {
    // The first 50 are written at the end of their turn; the next 50 wait for the gap behind them.
    const held = [
      `for (let i = 0; i < 50; i++) logger.info({ i }, 'line');`,
      `await new Promise((resolve) => setImmediate(resolve));`,
      `for (let i = 50; i < 100; i++) logger.info({ i }, 'line');`,
    ];
    const all = Array.from({ length: 100 }, (_, i) => i);
    expect(childLines([...held, `process.exit(0);`]).map((line) => line.i)).toEqual(all);
    expect(childLines(held).map((line) => line.i)).toEqual(all);
  });
});

describe('createFdWriter', () => {
  const text = '{"msg":"plain"}\n{"msg":"café ✓ 💾"}\n';

  it('writes every byte of a chunk, multi-byte characters included, to the file descriptor', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'keel-log-'));
    try {
      const file = path.join(dir, 'out.log');
      const fd = openSync(file, 'w');
      const writer = createFdWriter(fd);
      writer.write(text);
      writer.write('{"msg":"second"}\n');
      closeSync(fd);
      expect(readFileSync(file, 'utf8')).toBe(`${text}{"msg":"second"}\n`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('writes the rest of a short write from the byte it stopped at, even inside a character', () => {
    const bytes = Buffer.from(text);
    const received: Buffer[] = [];
    // A pipe that takes at most 5 bytes a call: the emoji's four bytes are split across two calls.
    const writer = createFdWriter(7, {
      write: (fd, data, offset = 0, length) => {
        expect(fd).toBe(7);
        const all = typeof data === 'string' ? Buffer.from(data) : Buffer.from(data);
        const taken = all.subarray(offset, offset + Math.min(5, length ?? all.length - offset));
        received.push(taken);
        return taken.length;
      },
    });
    writer.write(text);
    expect(Buffer.concat(received).equals(bytes)).toBe(true);
    expect(received.length).toBe(Math.ceil(bytes.length / 5));
  });

  it('waits for a busy pipe (EAGAIN) and writes again, dropping nothing', () => {
    const waits: number[] = [];
    const received: string[] = [];
    let busy = 2;
    const writer = createFdWriter(1, {
      write: (_fd, data) => {
        if (busy > 0) {
          busy--;
          throw Object.assign(new Error('EAGAIN: resource temporarily unavailable, write'), { code: 'EAGAIN' });
        }
        received.push(String(data));
        return Buffer.byteLength(String(data));
      },
      wait: (ms) => void waits.push(ms),
    });
    writer.write(text);
    expect(waits).toEqual([100, 100]);
    expect(received).toEqual([text]);
  });

  it('throws any other failure, as a closed stdout must not be ignored', () => {
    const writer = createFdWriter(1, {
      write: () => {
        throw Object.assign(new Error('EPIPE: broken pipe, write'), { code: 'EPIPE' });
      },
      wait: () => {
        throw new Error('must not wait');
      },
    });
    expect(() => writer.write(text)).toThrow('EPIPE');
  });
});

describe('jsonString', () => {
  it('writes what JSON.stringify writes, for every UTF-16 code unit inside and at either end of a string', () => {
    for (let code = 0; code <= 0xffff; code++) {
      const char = String.fromCharCode(code);
      for (const value of [char, `/a${char}b`, `${char}/path`, `id-${char}`]) {
        if (jsonString(value) !== JSON.stringify(value)) expect.fail(`code unit ${code}: ${jsonString(value)}`);
      }
    }
  });

  it('writes what JSON.stringify writes for ids, methods, addresses, paths and text beyond ASCII', () => {
    const values = [
      '',
      '2b1f3c5e-1d2a-4f00-8a6b-0c9d8e7f6a5b',
      'GET',
      '::ffff:127.0.0.1',
      'fe80::1%eth0',
      '/assets/manifest-Ab12_-.js',
      "/vaults/0xabc?x=1&y='2'",
      '/"quoted"\\back\\',
      'tab\there\r\n',
      'caf\u00e9 \u{1f600} \u2028\u2029',
      'lone \ud800 and \udfff',
      'x'.repeat(5000),
    ];
    for (const value of values) expect(jsonString(value)).toBe(JSON.stringify(value));
  });
});

describe('createRequestLineWriter', () => {
  const samples: RequestLineFields[] = [
    {
      requestId: '2b1f3c5e-1d2a-4f00-8a6b-0c9d8e7f6a5b',
      method: 'GET',
      path: '/',
      status: 200,
      durationMs: 0.1,
      ip: '127.0.0.1',
    },
    { requestId: 'client-id_1.2', method: 'HEAD', path: '/assets/app-Ab12.js', status: 304, durationMs: 12, ip: null },
    { requestId: 'abcdefgh', method: 'POST', path: '/api/"quoted"\\back', status: 400, durationMs: 1234.5, ip: '2001:db8::1' },
    { requestId: 'abcdefgh', method: 'GET', path: '/ctl\u0001\u001f/tab\tnl\n', status: 500, durationMs: 0, ip: '::1' },
    {
      requestId: 'abcdefgh',
      method: 'GET',
      path: `/latin1-\u00e9\u00ff/${'x'.repeat(120)}`,
      status: 404,
      durationMs: 3.3,
      ip: '10.0.0.1',
    },
    { requestId: 'abcdefgh', method: 'GET', path: '/n', status: 200, durationMs: Number.NaN, ip: '10.0.0.1' },
  ];
  const withoutTime = (line: string) => line.replace(/,"time":"[^"]+"/, '');

  it("writes the text pino's info(fields, 'request') writes, to the same stream", () => {
    const lines: string[] = [];
    const logger = createLogger('info', { write: (line: string) => void lines.push(line) });
    const write = createRequestLineWriter(logger);
    const viaPino = logger.child({}, { redact: { paths: [] } });
    for (const fields of samples) {
      write(fields);
      viaPino.info(fields, 'request');
    }
    expect(lines).toHaveLength(samples.length * 2);
    for (let index = 0; index < samples.length; index += 1) {
      const ours = lines[index * 2] ?? '';
      const pinos = lines[index * 2 + 1] ?? '';
      expect(withoutTime(ours)).toBe(withoutTime(pinos));
      expect(ours).toMatch(/^\{"level":30,"time":"\d{4}-\d\d-\d\dT[^"]+Z",/);
      expect(ours.endsWith('}\n')).toBe(true);
      expect(JSON.parse(ours)).toMatchObject({ msg: 'request', path: samples[index]?.path });
    }
  });

  it("follows the logger's level, also when it changes", () => {
    const lines: string[] = [];
    const logger = createLogger('warn', { write: (line: string) => void lines.push(line) });
    const write = createRequestLineWriter(logger);
    write(samples[0] as RequestLineFields);
    expect(lines).toEqual([]);
    logger.level = 'debug';
    write(samples[0] as RequestLineFields);
    expect(lines).toHaveLength(1);
  });

  it("falls back to pino's own call for a logger createLogger did not make", () => {
    const lines: string[] = [];
    const logger = pino({ base: undefined }, { write: (line: string) => void lines.push(line) });
    createRequestLineWriter(logger)(samples[1] as RequestLineFields);
    expect(JSON.parse(lines[0] ?? '')).toMatchObject({
      level: 30,
      msg: 'request',
      requestId: 'client-id_1.2',
      ip: null,
      status: 304,
    });
  });
});
