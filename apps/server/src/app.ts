import { MAX_REQUEST_BODY_BYTES } from '@keel/core/constants';
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { AppError, errorBody } from './lib/app-error.js';
import type { AppEnv } from './lib/app-env.js';
import type { AppDeps } from './lib/deps.js';
import { jsonBodyGuard } from './middleware/json-body.js';
import { requestContext } from './middleware/request-context.js';
import { originOf, securityHeaders, type SecurityHeaderOptions } from './middleware/security-headers.js';
import { authRoutes, sessionMiddleware } from './modules/auth/auth.routes.js';
import { configRoutes } from './modules/config/config.routes.js';
import { depositsRoutes } from './modules/deposits/deposits.routes.js';
import { formsRoutes } from './modules/forms/forms.routes.js';
import { vaultsRoutes } from './modules/vaults/vaults.routes.js';
import { walletRoutes } from './modules/wallet/wallet.routes.js';
import { devRoutes } from './modules/dev/dev.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { webRoutes } from './modules/web/web.routes.js';

/** Every /api route, chained so the web client can be typed from it. */
function buildApi(deps: AppDeps) {
  return new Hono<AppEnv>()
    .route('/health', healthRoutes(deps))
    .route('/config', configRoutes(deps))
    .route('/dev', devRoutes(deps))
    .route('/auth', authRoutes(deps))
    .route('/', formsRoutes(deps))
    .route('/wallet', walletRoutes(deps))
    .route('/vaults', vaultsRoutes(deps))
    .route('/deposits', depositsRoutes(deps));
}

export type ApiRoutes = ReturnType<typeof buildApi>;

export function cspOptions(deps: AppDeps): SecurityHeaderOptions {
  const relay = deps.config.walletConnectProjectId ? [deps.config.walletRelayUrl, 'https://rpc.walletconnect.org'] : [];
  const connectOrigins = [originOf(deps.config.publicRpcUrl), ...relay.map(originOf)].filter(
    (origin): origin is string => origin !== null,
  );
  return { isHttps: deps.config.isHttps, connectOrigins: [...new Set(connectOrigins)] };
}

export function createApp(deps: AppDeps) {
  const csp = cspOptions(deps);
  const app = new Hono<AppEnv>();
  app.use(requestContext({ logger: deps.logger, trustedProxies: deps.config.trustedProxies }));
  app.use(securityHeaders(csp));
  app.use('/api/*', async (c, next) => {
    c.header('Cache-Control', 'no-store');
    await next();
  });
  app.use('/api/*', ...jsonBodyGuard(MAX_REQUEST_BODY_BYTES));
  app.use('/api/*', sessionMiddleware(deps));
  app.route('/api', buildApi(deps));
  app.all('/api/*', () => {
    throw new AppError('NOT_FOUND', 'No such API endpoint');
  });
  const web = webRoutes({ buildDir: deps.config.webBuildDir, csp, appUrl: deps.config.appUrl });
  app.route('/', web.app);

  app.onError((error, c) => {
    if (error instanceof AppError) {
      if (error.code === 'RATE_LIMITED' && typeof error.details?.retryAfterSeconds === 'number') {
        c.header('Retry-After', String(error.details.retryAfterSeconds));
      }
      return c.json(errorBody(error), error.status);
    }
    if (error instanceof HTTPException) {
      const status = error.status;
      const code = status === 413 ? 'PAYLOAD_TOO_LARGE' : status === 401 ? 'UNAUTHORIZED' : 'BAD_REQUEST';
      return c.json({ error: { code, message: error.message || 'Bad request' } }, status);
    }
    if (error instanceof SyntaxError) {
      return c.json({ error: { code: 'INVALID_JSON', message: 'Request body is not valid JSON' } }, 400);
    }
    c.get('logger').error({ err: error }, 'unhandled error');
    return c.json({ error: { code: 'INTERNAL', message: 'Something went wrong. Please try again.' } }, 500);
  });
  app.notFound((c) => c.json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404));
  return { app, webFileCount: web.fileCount };
}
