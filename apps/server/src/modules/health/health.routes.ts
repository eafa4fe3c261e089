import { Hono } from 'hono';
import type { AppEnv } from '../../lib/app-env.js';
import type { AppDeps } from '../../deps.js';
import { createReadinessCheck } from './check-database.js';
import { createPaymasterDepositCheck } from './check-paymaster-deposit.js';
import { healthDocs } from './health.docs.js';

export function healthRoutes(deps: AppDeps) {
  const readiness = createReadinessCheck(deps.db, () => deps.now());
  const paymasterDeposit = createPaymasterDepositCheck(deps);
  return new Hono<AppEnv>().get('/', healthDocs, async (c) => {
    const [up, paymaster] = await Promise.all([readiness(), paymasterDeposit?.()]);
    // A low paymaster deposit is a warning for operators, not a reason to take the instance out of service.
    const extra = paymaster ? { paymaster } : {};
    return up
      ? c.json({ status: 'ok' as const, database: 'up' as const, ...extra }, 200)
      : c.json({ status: 'degraded' as const, database: 'down' as const, ...extra }, 503);
  });
}
