/**
 * A small in-process cache of promises with a time-to-live. Concurrent callers
 * for the same key share one in-flight load (a burst of users makes one RPC
 * round), and a failed load is forgotten at once so the next caller retries.
 */
export type TtlCache<T> = {
  get: (key: string, load: () => Promise<T>) => Promise<T>;
  clear: () => void;
};

export function createTtlCache<T>(options: { ttlMs: number; now: () => number; maxEntries?: number }): TtlCache<T> {
  const maxEntries = options.maxEntries ?? 1_000;
  const entries = new Map<string, { expiresAt: number; value: Promise<T> }>();

  function prune(at: number) {
    for (const [key, entry] of entries) if (entry.expiresAt <= at) entries.delete(key);
    // Still full of live entries: drop the oldest (Map keeps insertion order).
    while (entries.size >= maxEntries) {
      const oldest = entries.keys().next();
      if (oldest.done) break;
      entries.delete(oldest.value);
    }
  }

  return {
    get(key, load) {
      const at = options.now();
      const cached = entries.get(key);
      if (cached && cached.expiresAt > at) return cached.value;
      if (entries.size >= maxEntries) prune(at);
      const value = load();
      const entry = { expiresAt: at + options.ttlMs, value };
      entries.set(key, entry);
      value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return value;
    },
    clear: () => entries.clear(),
  };
}
