import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Where the Brotli copies of the web files outlive the process (DATA_DIR/compressed): a restart reads them
 * instead of compressing the pages again, which took the first ~0.4 s after `listen` and made the first
 * requests wait between files (docs/performance-log.md, "what a restart does before its first answer, and how noisy
 * one web run is"). A copy is only a cache: web-files.ts checks
 * each one it reads against the file it stands for, so a stale, foreign or damaged one is never sent.
 */
export type CompressedCopies = {
  /** The stored bytes under this name, or null when there are none (or they cannot be read). */
  read: (name: string) => Uint8Array<ArrayBuffer> | null;
  /** Stores the bytes under this name, whole or not at all. */
  write: (name: string, bytes: Uint8Array) => void;
  /** Removes every stored copy not named here: what older builds left. */
  keepOnly: (names: ReadonlySet<string>) => void;
};

/** Why the copies could not be read or written; the server goes on without them. */
export type CompressedCopiesProblem = (action: 'read' | 'write' | 'prune', error: unknown) => void;

const TEMPORARY = '.tmp';
/** A temporary file older than this is what a crashed write left; a younger one may be another process's. */
const ABANDONED_AFTER_MS = 60_000;

function isMissing(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}

/**
 * The copies as files in dir, written to a temporary name and renamed into place, so a reader (another
 * process on the same DATA_DIR, or the next start after a crash) sees a whole file or none. Each kind of
 * problem is reported once; after a failed write no more are tried (a read-only or full disk).
 */
export function diskCompressedCopies(dir: string, problem: CompressedCopiesProblem): CompressedCopies {
  const reported = new Set<string>();
  const report = (action: 'read' | 'write' | 'prune', error: unknown) => {
    if (reported.has(action)) return;
    reported.add(action);
    problem(action, error);
  };
  let writable = true;
  let made = false;
  return {
    read: (name) => {
      try {
        return new Uint8Array(readFileSync(path.join(dir, name)));
      } catch (error) {
        if (!isMissing(error)) report('read', error);
        return null;
      }
    },
    write: (name, bytes) => {
      if (!writable) return;
      const temporary = path.join(dir, `${name}.${process.pid}-${randomBytes(4).toString('hex')}${TEMPORARY}`);
      try {
        if (!made) mkdirSync(dir, { recursive: true });
        made = true;
        writeFileSync(temporary, bytes);
        renameSync(temporary, path.join(dir, name));
      } catch (error) {
        writable = false;
        report('write', error);
        try {
          rmSync(temporary, { force: true });
        } catch {
          // Nothing was written there: the directory itself is what failed.
        }
      }
    },
    keepOnly: (names) => {
      let entries: string[];
      try {
        entries = readdirSync(dir);
      } catch (error) {
        if (!isMissing(error)) report('prune', error);
        return;
      }
      for (const entry of entries) {
        if (names.has(entry)) continue;
        const file = path.join(dir, entry);
        try {
          if (entry.endsWith(TEMPORARY) && Date.now() - statSync(file).mtimeMs < ABANDONED_AFTER_MS) continue;
          rmSync(file, { force: true });
        } catch (error) {
          report('prune', error);
        }
      }
    },
  };
}

/** The copies in DATA_DIR/compressed; none for an in-memory server (DATA_DIR=memory://), which keeps no files. */
export function compressedCopiesIn(dataDir: string, problem: CompressedCopiesProblem): CompressedCopies | undefined {
  return dataDir === 'memory://' ? undefined : diskCompressedCopies(path.join(dataDir, 'compressed'), problem);
}
