import type { Hono } from 'hono';
import { generateSpecs } from 'hono-openapi';
import type { OpenAPIV3_1 } from 'openapi-types';
import type { AppEnv } from '../../lib/app-env.js';
import { SESSION_COOKIE_NAME } from '../auth/create-auth.js';

export type ApiDocument = Awaited<ReturnType<typeof generateSpecs>>;

const TAGS: OpenAPIV3_1.TagObject[] = [
  {
    name: 'Operations',
    description:
      'Health, public configuration, the landing page’s measured figures, this reference, and the development mail outbox.',
  },
  {
    name: 'Auth',
    description: 'Accounts (Better Auth behind Keel’s checks): only the endpoints the screens and mail links use.',
  },
  { name: 'Forms', description: 'The public site’s waitlist, newsletter and contact forms (limited per IP).' },
  { name: 'Wallet', description: 'Linking a wallet by an EIP-4361 signature.' },
  { name: 'Vaults', description: 'The three ERC-4626 vaults and their live figures.' },
  { name: 'Positions', description: 'What the linked wallets hold, read from chain.' },
  {
    name: 'Transfers',
    description: 'Deposits and withdrawals sent from Keel’s dialogs, confirmed by the server’s receipt check.',
  },
  { name: 'Deposits', description: 'Deposits recorded by an operator (manual_deposits).' },
  { name: 'History', description: 'Earnings, realised APY, charts, activity and CSV from the indexed chain history.' },
];

const DESCRIPTION = [
  'The JSON API Keel’s web app uses, generated from the route validators.',
  '',
  '- Every error answers `{ "error": { "code", "message", "details"? } }` (the `Error` schema); the message is a user-facing sentence.',
  '- Every POST, PUT, PATCH or DELETE must carry an `Origin` (or `Referer`) equal to the server’s origin, and a JSON body of at most 64 KiB.',
  '- Signed-in routes read the HttpOnly session cookie set by sign-in; there are no API keys.',
  '- Money is integers of token units as decimal strings (micro-USDC: 1 USDC = "1000000"), never floating point.',
  '- Answers carry `Cache-Control: no-store`; limited routes answer 429 with `Retry-After`.',
].join('\n');

/** The OpenAPI 3.1 document of every /api route the app serves (the routes' describe() and validators). */
export function buildApiDocument(app: Hono<AppEnv>, options: { appUrl: string; version: string }): Promise<ApiDocument> {
  return generateSpecs(app, {
    documentation: {
      info: { title: 'Keel API', version: options.version, description: DESCRIPTION },
      servers: [{ url: options.appUrl }],
      tags: TAGS,
      components: {
        securitySchemes: {
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: SESSION_COOKIE_NAME,
            description: 'Set by POST /api/auth/sign-in/email (named with a __Secure- prefix when APP_URL is https)',
          },
        },
      },
    },
    // Files such as /api/openapi.json and /api/history/export.csv are API routes here, not static files.
    excludeStaticFile: false,
    defaultValidationErrorResponse: false,
  });
}
