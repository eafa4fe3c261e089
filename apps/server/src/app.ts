import { MAX_REQUEST_BODY_BYTES } from '@keel/core/constants';
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { AppError, errorBody, internalError, unknownEndpoint, type ErrorCode } from './lib/app-error.js';
import type { AppEnv } from './lib/app-env.js';
import { setResponseHeader } from './lib/response-headers.js';
import type { AppDeps } from './deps.js';
import { jsonBodyGuard } from './middleware/json-body.js';
import { createRequestTagging, requestContext } from './middleware/request-context.js';
import { sameOriginOnly } from './middleware/same-origin-only.js';
import {
  buildContentSecurityPolicy,
  fixedSecurityHeaders,
  originOf,
  securityHeaders,
  type SecurityHeaderOptions,
} from './middleware/security-headers.js';
import { sessionMiddleware } from './middleware/session.js';
import { accountRoutes } from './modules/account/account.routes.js';
import { apiDocsRoutes } from './modules/api-docs/api-docs.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { AUTH_BASE_PATH } from './modules/auth/create-auth.js';
import { readSession } from './modules/auth/read-session.js';
import { configRoutes } from './modules/config/config.routes.js';
import { depositsRoutes } from './modules/deposits/deposits.routes.js';
import { formsRoutes } from './modules/forms/forms.routes.js';
import { historyRoutes } from './modules/history/history.routes.js';
import { passkeyAccountRoutes } from './modules/passkey-account/passkey-account.routes.js';
import { moneyInRoutes } from './modules/money-in/money-in.routes.js';
import { notificationsRoutes } from './modules/notifications/notifications.routes.js';
import { unsubscribeRoutes } from './modules/notifications/unsubscribe.routes.js';
import { UNSUBSCRIBE_PATH } from './modules/notifications/unsubscribe-token.js';
import { positionsRoutes } from './modules/positions/positions.routes.js';
import { transfersRoutes } from './modules/transfers/transfers.routes.js';
import { vaultsRoutes } from './modules/vaults/vaults.routes.js';
import { walletRoutes } from './modules/wallet/wallet.routes.js';
import { devRoutes } from './modules/dev/dev.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { paymasterRoutes } from './modules/paymaster/paymaster.routes.js';
import { statementsRoutes } from './modules/statements/statements.routes.js';
import { statsRoutes } from './modules/stats/stats.routes.js';
import { compressedCopiesIn } from './modules/web/compressed-copies.js';
import { webRoutes } from './modules/web/web.routes.js';
import { createFastPath } from './fast-path.js';
import { createErrorAnswers } from './node-listener.js';

/** Every /api route, chained so the web client can be typed from it. */
function buildApi(deps: AppDeps) {
  return new Hono<AppEnv>()
    .route('/health', healthRoutes(deps))
    .route('/config', configRoutes(deps))
    .route('/stats', statsRoutes(deps))
    .route('/dev', devRoutes(deps))
    .route('/auth', authRoutes(deps))
    .route('/', formsRoutes(deps))
    .route('/wallet', walletRoutes(deps))
    .route('/passkey-account', passkeyAccountRoutes(deps))
    .route('/vaults', vaultsRoutes(deps))
    .route('/deposits', depositsRoutes(deps))
    .route('/history', historyRoutes(deps))
    .route('/statements', statementsRoutes(deps))
    .route('/positions', positionsRoutes(deps))
    .route('/transfers', transfersRoutes(deps))
    .route('/account', accountRoutes(deps))
    .route('/paymaster', paymasterRoutes(deps))
    .route('/money-in', moneyInRoutes(deps))
    .route('/notifications', notificationsRoutes(deps));
}

export type ApiRoutes = ReturnType<typeof buildApi>;

/** API routes that never read who is asking: no session lookup for them (middleware/session.ts). */
const PUBLIC_API_PATHS = ['/api/config', '/api/health'];

/** The API's version in its OpenAPI document. */
const API_VERSION = '0.1.0';

export function cspOptions(deps: AppDeps): SecurityHeaderOptions {
  const relay = deps.config.walletConnectProjectId ? [deps.config.walletRelayUrl, 'https://rpc.walletconnect.org'] : [];
  const bundler = deps.config.passkeyAccounts ? [deps.config.passkeyAccounts.publicBundlerUrl] : [];
  const connectOrigins = [originOf(deps.config.publicRpcUrl), ...relay.map(originOf), ...bundler.map(originOf)].filter(
    (origin): origin is string => origin !== null,
  );
  return { isHttps: deps.config.isHttps, connectOrigins: [...new Set(connectOrigins)] };
}

const HTTP_EXCEPTION_CODES: Partial<Record<number, ErrorCode>> = {
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
};

/** Errors Keel expects, as the one application error; anything else is a bug (500, logged). */
function asAppError(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  if (error instanceof HTTPException) {
    return new AppError(HTTP_EXCEPTION_CODES[error.status] ?? 'BAD_REQUEST', error.message || 'Bad request');
  }
  if (error instanceof SyntaxError) return new AppError('INVALID_JSON', 'Request body is not valid JSON');
  return null;
}

export function createApp(deps: AppDeps) {
  const csp = cspOptions(deps);
  const app = new Hono<AppEnv>();
  const tagging = createRequestTagging({ logger: deps.logger, trustedProxies: deps.config.trustedProxies });
  app.use(requestContext(tagging, deps.logger));
  app.use(securityHeaders(csp));
  app.use('/api/*', async (c, next) => {
    c.header('Cache-Control', 'no-store');
    await next();
    // Lost when a handler answers with a Response of its own (Better Auth's, sign-in's Set-Cookie among them).
    if (!c.res.headers.has('Cache-Control')) setResponseHeader(c, 'Cache-Control', 'no-store');
  });
  // Input first (a refused body is still read, so the client hears the answer), then CSRF.
  app.use('/api/*', jsonBodyGuard(MAX_REQUEST_BODY_BYTES));
  app.use('/api/*', sameOriginOnly(deps.config.appUrl));
  app.use(
    '/api/*',
    sessionMiddleware((headers) => readSession(deps, headers), { skipPrefix: AUTH_BASE_PATH, publicPaths: PUBLIC_API_PATHS }),
  );
  app.route('/api', buildApi(deps));
  app.route('/api', apiDocsRoutes({ app: () => app, appUrl: deps.config.appUrl, version: API_VERSION }));
  app.all('/api/*', () => {
    throw unknownEndpoint();
  });
  // Outside /api on purpose: RFC 8058's one-click POST comes from the mail provider with no session and no
  // Keel origin, so the CSRF check must not see it; its signed token is its authority (unsubscribe.routes.ts).
  app.route(UNSUBSCRIBE_PATH, unsubscribeRoutes(deps));
  const web = webRoutes({
    buildDir: deps.config.webBuildDir,
    csp,
    appUrl: deps.config.appUrl,
    site: deps.config.site,
    compressedCopies: compressedCopiesIn(deps.config.dataDir, (action, error) =>
      deps.logger.warn({ err: error, action }, 'web: stored Brotli copies unusable; compressing them anew'),
    ),
  });
  app.route('/', web.app);

  app.onError((error, c) => {
    const known = asAppError(error);
    if (!known) c.get('logger').error({ err: error }, 'unhandled error');
    const answer = known ?? internalError();
    // The client sent more than Keel reads: end the connection after this answer.
    if (answer.code === 'PAYLOAD_TOO_LARGE') c.header('Connection', 'close');
    if (answer.code === 'RATE_LIMITED' && typeof answer.details?.retryAfterSeconds === 'number') {
      c.header('Retry-After', String(answer.details.retryAfterSeconds));
    }
    return c.json(errorBody(answer), answer.status);
  });
  app.notFound((c) => c.json(errorBody(new AppError('NOT_FOUND', 'Not found')), 404));
  // The headers and log line of the middleware above, for the answers the Node listener writes itself.
  const headerParts = { tagging, securityHeaders: fixedSecurityHeaders(csp), defaultCsp: buildContentSecurityPolicy(csp) };
  // The web app's in-memory files without Hono, as a static file server (fast-path.ts, decision 011).
  const fastPath = createFastPath({ ...headerParts, web: web.answer });
  // Keel's JSON error for what Hono never sees (node-listener.ts).
  const errorAnswers = createErrorAnswers(headerParts);
  return { app, webFileCount: web.fileCount, fastPath, errorAnswers, warmCompression: web.warmCompression };
}
