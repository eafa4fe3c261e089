import { ACCOUNT_MESSAGES, closeAccountSchema, exportFileName } from '@keel/core/account-settings';
import { Hono } from 'hono';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../lib/app-error.js';
import type { AppEnv } from '../../lib/app-env.js';
import { validate } from '../../lib/validate.js';
import { accountClosedEmail } from '../../mail/auth-emails.js';
import { requireUser } from '../../middleware/require-user.js';
import { limitAccountAction } from '../auth/account-request.js';
import { expiredSessionCookies } from '../auth/read-session.js';
import { closeDocs, exportDocs } from './account.docs.js';
import { eraseAccount } from './close-account.js';
import { secondStepCodeVerifier } from '../auth/verify-second-step-code.js';
import { confirmAccountOwner, type SecondStepVerifier } from './confirm-account-owner.js';
import { exportAccountData } from './export-account-data.js';

type Who = { userId: string; ipAddress: string | null; userAgent: string | null };

/**
 * /api/account: the signed-in account's own data. GET /export answers it as a
 * file; POST /close erases it after the owner signs in again.
 */
export function accountRoutes(deps: AppDeps, options: { verifySecondStep?: SecondStepVerifier } = {}) {
  const verifySecondStep = options.verifySecondStep ?? secondStepCodeVerifier(deps);
  return new Hono<AppEnv>()
    .get('/export', exportDocs, requireUser, async (c) => {
      const user = c.get('user');
      const who: Who = { userId: user.id, ipAddress: c.get('clientIp'), userAgent: c.req.header('user-agent') ?? null };
      await limitAccountAction(deps, who, 'export', ACCOUNT_MESSAGES.exportRateLimited);
      const now = new Date(deps.now());
      // Logged first, so the file itself shows this download.
      await deps.audit.record({ ...who, action: 'ACCOUNT_EXPORT', success: true });
      const data = await exportAccountData(deps.db, user.id, now);
      if (!data) throw new AppError('UNAUTHORIZED', 'Please sign in to continue.');
      c.header('Content-Disposition', `attachment; filename="${exportFileName(now.toISOString().slice(0, 10))}"`);
      return c.json(data);
    })
    .post('/close', closeDocs, requireUser, validate('json', closeAccountSchema), async (c) => {
      const user = c.get('user');
      const who: Who = { userId: user.id, ipAddress: c.get('clientIp'), userAgent: c.req.header('user-agent') ?? null };
      await limitAccountAction(deps, who, 'close');
      const { password, code } = c.req.valid('json');
      const check = await confirmAccountOwner(
        deps,
        { userId: user.id, password, code, headers: c.req.raw.headers },
        verifySecondStep,
      );
      if (!check.ok) {
        await deps.audit.record({ ...who, action: 'ACCOUNT_CLOSE', success: false, metadata: { reason: check.reason } });
        throw new AppError('REAUTHENTICATION_FAILED', check.message, { reason: check.reason });
      }
      await eraseAccount(deps.db, { id: user.id, email: user.email });
      await deps.audit.record({ ...who, action: 'ACCOUNT_CLOSE', success: true });
      await deps.mailOutbox
        .enqueue(accountClosedEmail(user), { kind: 'account-closed' })
        .catch((error: unknown) => c.get('logger').error({ err: error, kind: 'account-closed' }, 'mail failed'));
      for (const value of expiredSessionCookies(deps.config.isHttps)) c.header('set-cookie', value, { append: true });
      return c.json({ status: true as const });
    });
}
