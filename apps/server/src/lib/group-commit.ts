/**
 * Group commit: items submitted while a group is being written wait and are
 * written together as the next group, in one statement and one commit. An item
 * that arrives when nothing is in flight is written at the end of the current
 * turn of the event loop (setImmediate), together with whatever the other
 * requests read in the same turn submitted; a quiet server adds no latency
 * beyond that turn. Under load N concurrent requests cost one round trip and
 * one disk flush instead of N (docs/performance-log.md, rounds 2 and 3). Waiting
 * for the turn's end matters most on PGlite, whose engine runs on this thread:
 * a write there finishes before the next request is even read, so nothing
 * would ever arrive "while one is in flight".
 *
 * Each submit resolves only after its own group's write has finished (for a
 * database write: after its commit), with its own result; if the group's write
 * fails, every item in it gets that error, as each would have alone.
 */
export type GroupWriter<Item, Result> = {
  submit: (item: Item) => Promise<Result>;
  /** Nothing queued and nothing in flight. */
  idle: () => boolean;
};

type Waiting<Item, Result> = { item: Item; resolve: (result: Result) => void; reject: (error: unknown) => void };

export function createGroupWriter<Item, Result>(
  write: (items: Item[]) => Promise<Result[]>,
  options: { maxGroup: number; onIdle?: () => void },
): GroupWriter<Item, Result> {
  let queue: Waiting<Item, Result>[] = [];
  /** A drain is scheduled or running: new items join its queue. */
  let writing = false;

  const drain = async () => {
    writing = true;
    while (queue.length > 0) {
      const group = queue.length <= options.maxGroup ? queue : queue.slice(0, options.maxGroup);
      queue = group === queue ? [] : queue.slice(options.maxGroup);
      try {
        const results = await write(group.map((waiting) => waiting.item));
        group.forEach((waiting, index) => {
          const result = results[index];
          if (result === undefined) waiting.reject(new Error('group write answered fewer results than items'));
          else waiting.resolve(result);
        });
      } catch (error) {
        for (const waiting of group) waiting.reject(error);
      }
    }
    writing = false;
    options.onIdle?.();
  };

  return {
    submit: (item) =>
      new Promise<Result>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        if (writing) return;
        writing = true;
        setImmediate(() => void drain());
      }),
    idle: () => !writing && queue.length === 0,
  };
}
