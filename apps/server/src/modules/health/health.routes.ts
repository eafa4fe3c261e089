import { Hono } from 'hono';
import type { AppEnv } from '../../lib/app-env.js';
import type { AppDeps } from '../../deps.js';
import { createReadinessCheck } from './check-database.js';
import { createMailBacklogCheck } from './check-mail-backlog.js';
import { createPaymasterDepositCheck } from './check-paymaster-deposit.js';
import { healthDocs } from './health.docs.js';

export function healthRoutes(deps: AppDeps) {
  const readiness = createReadinessCheck(deps.db, () => deps.now());
  const paymasterDeposit = createPaymasterDepositCheck(deps);
  const mailBacklog = createMailBacklogCheck(deps.mailOutbox, () => deps.now());
  return new Hono<AppEnv>().get('/', healthDocs, async (c) => {
    const [up, paymaster] = await Promise.all([readiness(), paymasterDeposit?.()]);
    // Mail waiting to go out (or given up on) is for operators to see; like a low paymaster deposit, it does
    // not take the instance out of service. Counted only while the database answers.
    const mail = up ? await mailBacklog() : null;
    const extra = { ...(paymaster ? { paymaster } : {}), ...(mail ? { mail } : {}) };
    return up
      ? c.json({ status: 'ok' as const, database: 'up' as const, ...extra }, 200)
      : c.json({ status: 'degraded' as const, database: 'down' as const, ...extra }, 503);
  });
}
