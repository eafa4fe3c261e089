import { describe, expect, it } from 'vitest';
import { createGroupWriter } from './group-commit.js';

/** A write that records its groups and finishes only when told to. */
function recordingWriter() {
  const groups: number[][] = [];
  const finish: (() => void)[] = [];
  const writer = createGroupWriter<number, string>(
    (items) => {
      groups.push(items);
      return new Promise((resolve, reject) => {
        finish.push(() => (items.includes(-1) ? reject(new Error('write failed')) : resolve(items.map((n) => `done ${n}`))));
      });
    },
    { maxGroup: 3 },
  );
  return { writer, groups, finish };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('group commit', () => {
  it('writes a lone item at the end of the turn and answers each item with its own result', async () => {
    const { writer, groups, finish } = recordingWriter();
    const first = writer.submit(1);
    expect(writer.idle()).toBe(false);
    await settle();
    expect(groups).toEqual([[1]]);
    finish.shift()?.();
    expect(await first).toBe('done 1');
    expect(writer.idle()).toBe(true);
  });

  it('groups what arrives in the same turn or while a write is in flight, up to maxGroup, in arrival order', async () => {
    const { writer, groups, finish } = recordingWriter();
    const answers = [1, 2].map((n) => writer.submit(n));
    await settle();
    expect(groups).toEqual([[1, 2]]);
    answers.push(...[3, 4, 5, 6].map((n) => writer.submit(n)));
    finish.shift()?.();
    await settle();
    expect(groups).toEqual([
      [1, 2],
      [3, 4, 5],
    ]);
    finish.shift()?.();
    await settle();
    expect(groups).toEqual([[1, 2], [3, 4, 5], [6]]);
    finish.shift()?.();
    expect(await Promise.all(answers)).toEqual(['done 1', 'done 2', 'done 3', 'done 4', 'done 5', 'done 6']);
  });

  it('fails only the group whose write failed, and keeps going', async () => {
    const { writer, finish } = recordingWriter();
    const first = writer.submit(1);
    await settle();
    const failing = [writer.submit(-1), writer.submit(2)];
    const failed = Promise.allSettled(failing);
    finish.shift()?.();
    await settle();
    finish.shift()?.();
    expect((await failed).map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(await first).toBe('done 1');
    const later = writer.submit(3);
    await settle();
    finish.shift()?.();
    expect(await later).toBe('done 3');
  });
});
