import { SAFE_ACCOUNT_ADDRESSES } from '@keel/core/safe-account';
import type { Context } from 'hono';
import { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import { ERROR_STATUS, unknownEndpoint, type ErrorCode } from '../../lib/app-error.js';
import type { AppEnv } from '../../lib/app-env.js';
import type { AppDeps } from '../../deps.js';
import { paymasterDocs } from './paymaster.docs.js';
import { createSponsor, type SponsorshipRequest } from './sponsor-user-operation.js';
import { sponsorshipParamsSchema } from './user-operation.js';

export const PAYMASTER_SPONSORSHIP = 'PAYMASTER_SPONSORSHIP';

const PHASES: Record<string, SponsorshipRequest['phase']> = {
  pm_getPaymasterStubData: 'stub',
  pm_getPaymasterData: 'final',
};

const requestSchema = z.object({
  jsonrpc: z.literal('2.0'),
  id: z.union([z.string(), z.number(), z.null()]),
  method: z.string(),
  params: z.array(z.unknown()),
});

type RpcId = string | number | null;

/** JSON-RPC's own error numbers, and one for a refused sponsorship. */
const RPC_ERROR = {
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  refused: -32001,
  unauthorized: -32002,
};

function rpcError(c: Context<AppEnv>, id: RpcId, rpcCode: number, code: ErrorCode, message: string, reason?: string) {
  const status: ContentfulStatusCode = ERROR_STATUS[code];
  return c.json(
    { jsonrpc: '2.0' as const, id, error: { code: rpcCode, message, data: { code, ...(reason ? { reason } : {}) } } },
    status,
  );
}

/**
 * POST /api/paymaster: ERC-7677 (pm_getPaymasterStubData, pm_getPaymasterData) for the signed-in
 * saver's own passkey account. Answers are JSON-RPC 2.0; a refusal names its reason.
 */
export function paymasterRoutes(deps: AppDeps) {
  const limits = deps.config.passkeyAccounts;
  const sponsor = limits ? createSponsor(deps, limits) : null;

  return new Hono<AppEnv>().post('/', paymasterDocs, async (c) => {
    if (!sponsor) throw unknownEndpoint();
    const parsed = requestSchema.safeParse(await c.req.json());
    if (!parsed.success) {
      return rpcError(c, null, RPC_ERROR.invalidRequest, 'VALIDATION_FAILED', 'Not a JSON-RPC 2.0 request.');
    }
    const { id, method, params } = parsed.data;
    const phase = PHASES[method];
    if (!phase) return rpcError(c, id, RPC_ERROR.methodNotFound, 'BAD_REQUEST', `Unknown method ${method}.`);
    const user = c.get('user');
    if (!user) return rpcError(c, id, RPC_ERROR.unauthorized, 'UNAUTHORIZED', 'Please sign in to continue.');
    const checked = sponsorshipParamsSchema.safeParse(params);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      const where = issue?.path.join('.') ?? '';
      return rpcError(
        c,
        id,
        RPC_ERROR.invalidParams,
        'VALIDATION_FAILED',
        `Invalid params${where ? ` at ${where}` : ''}: ${issue?.message ?? 'unreadable'}.`,
      );
    }
    const [op, entryPoint, chainId] = checked.data;
    if (entryPoint !== SAFE_ACCOUNT_ADDRESSES.entryPoint.toLowerCase()) {
      return rpcError(c, id, RPC_ERROR.invalidParams, 'VALIDATION_FAILED', 'Keel sponsors operations for EntryPoint v0.7 only.');
    }
    if (BigInt(chainId) !== BigInt(deps.config.chainId)) {
      return rpcError(
        c,
        id,
        RPC_ERROR.invalidParams,
        'VALIDATION_FAILED',
        `Keel sponsors operations on chain ${deps.config.chainId} only.`,
      );
    }

    let outcome: Awaited<ReturnType<typeof sponsor>>;
    try {
      outcome = await sponsor({ phase, userId: user.id, op, rawParams: params });
    } catch (error) {
      // The chain or the provider did not answer: say so, never a bare 500.
      c.get('logger').error({ err: error }, 'paymaster: sponsorship failed');
      return rpcError(
        c,
        id,
        RPC_ERROR.refused,
        'UPSTREAM_FAILED',
        'Keel could not reach the network to sponsor this operation. Please try again.',
      );
    }
    const audit = (success: boolean, metadata: Record<string, unknown>) =>
      deps.audit.record({
        userId: user.id,
        action: PAYMASTER_SPONSORSHIP,
        success,
        metadata: { phase, sender: op.sender, nonce: op.nonce.toString(), ...metadata },
        ipAddress: c.get('clientIp'),
        userAgent: c.req.header('user-agent') ?? null,
      });
    if (!outcome.ok) {
      await audit(false, { reason: outcome.reason });
      return rpcError(c, id, RPC_ERROR.refused, 'SPONSORSHIP_REFUSED', outcome.message, outcome.reason);
    }
    if (phase === 'final') await audit(true, { kind: outcome.kind });
    return c.json({ jsonrpc: '2.0' as const, id, result: outcome.result }, 200);
  });
}
