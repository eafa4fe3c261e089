import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import {
  cachedIsoTime,
  createLogger,
  createRequestLineWriter,
  createTurnBatchedStream,
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

describe('createTurnBatchedStream', () => {
  it("writes a turn's lines together, in order, once the turn is over", () => {
    const writes: string[] = [];
    const turns: (() => void)[] = [];
    const stream = createTurnBatchedStream({ write: (chunk) => writes.push(chunk) }, (run) => turns.push(run));
    stream.write('a\n');
    stream.write('b\n');
    stream.write('c\n');
    expect(writes).toEqual([]);
    expect(turns).toHaveLength(1);
    turns[0]?.();
    expect(writes).toEqual(['a\nb\nc\n']);

    stream.write('d\n');
    expect(turns).toHaveLength(2);
    turns[1]?.();
    expect(writes).toEqual(['a\nb\nc\n', 'd\n']);
  });

  it('writes what is pending on flush, and nothing twice', () => {
    const writes: string[] = [];
    const turns: (() => void)[] = [];
    const stream = createTurnBatchedStream({ write: (chunk) => writes.push(chunk) }, (run) => turns.push(run));
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
    const stream = createTurnBatchedStream(
      {
        write: () => {
          throw new Error('EBADF');
        },
      },
      () => {},
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
    const logger = pino({ base: undefined }, createTurnBatchedStream({ write: (chunk) => writes.push(chunk) }));
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

  it("loses no line of the server's stdout logger when the process exits in the same turn", () => {
    const script = [
      `import { createLogger } from ${JSON.stringify(fileURLToPath(new URL('./logger.ts', import.meta.url)))};`,
      `const logger = createLogger('info');`,
      `for (let i = 0; i < 50; i++) logger.info({ i }, 'line');`,
      `process.exit(0);`,
    ].join('\n');
    const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const lines = result.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { i: number });
    expect(lines.map((line) => line.i)).toEqual(Array.from({ length: 50 }, (_, i) => i));
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
