import { pingDatabase, type Database } from '../../db/client.js';

/** How long one database answer stands for every health check that follows. */
export const READINESS_TTL_MS = 1000;

export type ReadinessCheck = {
  /** Whether the database is up: the last ping's answer while it is fresh, else a new ping. */
  check: () => Promise<boolean>;
  /** The last ping's answer while it is fresh, else null (nothing is pinged). */
  fresh: () => boolean | null;
};

/**
 * A database ping shared by the health checks of the next second, and by every
 * check that arrives while one is in flight: a load balancer (or a benchmark)
 * polling /api/health costs the database one query a second, not one per call.
 * A failed ping is remembered for the same second, so an outage shows at once.
 * The listener's fast path answers from fresh() and leaves the rest to the route
 * (fast-path.ts), so both read the same answer.
 */
export function createReadinessCheck(db: Database, now: () => number = Date.now): ReadinessCheck {
  let last: { up: boolean; at: number } | null = null;
  let inFlight: Promise<boolean> | null = null;
  const fresh = () => (last && now() - last.at < READINESS_TTL_MS ? last.up : null);
  return {
    fresh,
    check: () => {
      const known = fresh();
      if (known !== null) return Promise.resolve(known);
      inFlight ??= pingDatabase(db).then((up) => {
        last = { up, at: now() };
        inFlight = null;
        return up;
      });
      return inFlight;
    },
  };
}
