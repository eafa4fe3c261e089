import { pingDatabase, type Database } from '../../db/client.js';

/** How long one database answer stands for every health check that follows. */
export const READINESS_TTL_MS = 1000;

/** Whether the database is up: the last ping's answer while it is fresh, else a new ping. */
export type ReadinessCheck = () => Promise<boolean>;

/**
 * A database ping shared by the health checks of the next second, and by every
 * check that arrives while one is in flight: a load balancer (or a benchmark)
 * polling /api/health costs the database one query a second, not one per call.
 * A failed ping is remembered for the same second, so an outage shows at once.
 */
export function createReadinessCheck(db: Database, now: () => number = Date.now): ReadinessCheck {
  let last: { up: boolean; at: number } | null = null;
  let inFlight: Promise<boolean> | null = null;
  return () => {
    if (last && now() - last.at < READINESS_TTL_MS) return Promise.resolve(last.up);
    inFlight ??= pingDatabase(db).then((up) => {
      last = { up, at: now() };
      inFlight = null;
      return up;
    });
    return inFlight;
  };
}
