import { describe, expect, it } from 'vitest';
import { READINESS_TTL_MS } from './check-database.js';
import { createTestApp } from '../../test-support/test-app.js';

describe('GET /api/health', () => {
  it('answers from one database ping per second and reports an outage within that second', async () => {
    const t = await createTestApp();
    // A clock that moves only when told: closing a database can take more than a second of real time.
    let clock = Date.now();
    t.deps.now = () => clock;
    try {
      const first = await t.app.request('/api/health');
      expect(first.status).toBe(200);
      expect(await first.json()).toEqual({ status: 'ok', database: 'up' });

      // The database goes away: the answer of the last ping stands for at most a second…
      await closeQuietly(t);
      const cached = await t.app.request('/api/health');
      expect(cached.status).toBe(200);

      // …then the next check pings again and tells the load balancer.
      clock += READINESS_TTL_MS;
      const down = await t.app.request('/api/health');
      expect(down.status).toBe(503);
      expect(await down.json()).toEqual({ status: 'degraded', database: 'down' });
    } finally {
      await closeQuietly(t);
    }
  });
});

async function closeQuietly(t: { close: () => Promise<void> }) {
  try {
    await t.close();
  } catch {
    // already closed
  }
}
