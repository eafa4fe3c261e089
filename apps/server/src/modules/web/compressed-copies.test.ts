import { existsSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { compressedCopiesIn, diskCompressedCopies, type CompressedCopiesProblem } from './compressed-copies.js';

let root: string;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'keel-copies-'));
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

function recordProblems(): { problems: Array<{ action: string; code: unknown }>; problem: CompressedCopiesProblem } {
  const problems: Array<{ action: string; code: unknown }> = [];
  return {
    problems,
    problem: (action, error) => problems.push({ action, code: (error as NodeJS.ErrnoException).code }),
  };
}

describe('stored Brotli copies on disk', () => {
  it('reads back what was written, under its name only, and nothing for a name never written', () => {
    const { problems, problem } = recordProblems();
    const dir = path.join(root, 'compressed');
    const copies = diskCompressedCopies(dir, problem);
    expect(copies.read('a.br')).toBeNull();
    copies.write('a.br', new Uint8Array([1, 2, 3]));
    copies.write('b.br', new Uint8Array([4]));
    expect(copies.read('a.br')).toEqual(new Uint8Array([1, 2, 3]));
    expect(copies.read('b.br')).toEqual(new Uint8Array([4]));
    // Written to a temporary name and renamed: nothing else is left in the directory.
    expect(readdirSync(dir).sort()).toEqual(['a.br', 'b.br']);
    expect(problems).toEqual([]);
  });

  it('removes the copies not named and abandoned temporary files, and leaves a write in flight alone', () => {
    const { problems, problem } = recordProblems();
    const dir = path.join(root, 'compressed');
    const copies = diskCompressedCopies(dir, problem);
    copies.write('kept.br', new Uint8Array([1]));
    copies.write('old-build.br', new Uint8Array([2]));
    writeFileSync(path.join(dir, 'other.br.123-abcd.tmp'), 'another process, writing now');
    writeFileSync(path.join(dir, 'crashed.br.456-ef01.tmp'), 'left by a crash');
    const anHourAgo = new Date(Date.now() - 3_600_000);
    utimesSync(path.join(dir, 'crashed.br.456-ef01.tmp'), anHourAgo, anHourAgo);
    copies.keepOnly(new Set(['kept.br']));
    expect(readdirSync(dir).sort()).toEqual(['kept.br', 'other.br.123-abcd.tmp']);
    expect(problems).toEqual([]);
  });

  it('goes on without them when they cannot be stored, saying so once', () => {
    const { problems, problem } = recordProblems();
    // A file where the directory should be: every write fails.
    const blocked = path.join(root, 'compressed');
    writeFileSync(blocked, 'not a directory');
    const copies = diskCompressedCopies(blocked, problem);
    copies.write('a.br', new Uint8Array([1]));
    copies.write('b.br', new Uint8Array([2]));
    expect(copies.read('a.br')).toBeNull();
    copies.keepOnly(new Set());
    expect(problems.map((entry) => entry.action)).toEqual(['write', 'read', 'prune']);
    expect(problems[0]?.code).toBe('EEXIST');
    expect(readdirSync(root)).toEqual(['compressed']);
  });

  it('prunes nothing, and reports nothing, before the first copy was ever written', () => {
    const { problems, problem } = recordProblems();
    diskCompressedCopies(path.join(root, 'never-made'), problem).keepOnly(new Set());
    expect(problems).toEqual([]);
    expect(existsSync(path.join(root, 'never-made'))).toBe(false);
  });

  it('keeps them in DATA_DIR/compressed, and none for an in-memory server', () => {
    const { problem } = recordProblems();
    compressedCopiesIn(root, problem)?.write('a.br', new Uint8Array([7]));
    expect(readdirSync(path.join(root, 'compressed'))).toEqual(['a.br']);
    expect(compressedCopiesIn('memory://', problem)).toBeUndefined();
  });
});
