import type { Address } from '@keel/core/address';
import { and, count, eq, gte, isNull, sql, sum } from 'drizzle-orm';
import type { PasskeyAccountsConfig } from '../../config.js';
import type { Database, Transaction } from '../../db/client.js';
import { passkeyAccountPasskeys, passkeyAccounts, paymasterSponsorships, type SponsoredOperationKind } from '../../db/schema.js';
import type { AppDeps } from '../../deps.js';
import { readSafeOwners } from '../passkey-account/read-safe-owners.js';
import {
  decideSponsorship,
  isOwnerChange,
  type KnownPasskey,
  type PolicyDecision,
  type StoredPasskeyAccount,
} from './sponsorship-policy.js';
import type { UserOperation } from './user-operation.js';
import { createVerifyingPaymaster, type VerifyingPaymaster } from './verifying-paymaster.js';

/** How long a signed sponsorship stays usable: long enough to send, short enough to bound griefing. */
export const SPONSORSHIP_VALIDITY_SECONDS = 300;

export type QuotaReason = 'DAILY_OPERATIONS_USED' | 'DAILY_SENDS_USED' | 'DAILY_BUDGET_USED' | 'NOT_YOUR_ACCOUNT';

export type SponsorshipOutcome =
  | { ok: true; kind: SponsoredOperationKind; result: unknown }
  | { ok: false; reason: Exclude<PolicyDecision, { ok: true }>['reason'] | QuotaReason; message: string };

export type SponsorshipRequest = {
  /** The stub comes before gas estimation: checked, never counted, never a usable signature. */
  phase: 'stub' | 'final';
  userId: string;
  op: UserOperation;
  /** The parameters as the client sent them, for forwarding unchanged. */
  rawParams: readonly unknown[];
};

const QUOTA_MESSAGES: Record<QuotaReason, string> = {
  DAILY_OPERATIONS_USED:
    'Keel has paid the network fee for as many of your operations as it does in a day. Please try again tomorrow.',
  DAILY_SENDS_USED: 'Keel pays the network fee for a few sends a day, and today’s are used. Please try again tomorrow.',
  DAILY_BUDGET_USED: 'Keel cannot pay network fees for the rest of today. Please try again tomorrow.',
  NOT_YOUR_ACCOUNT: 'This savings account belongs to another Keel account.',
};

function refusal(reason: QuotaReason): SponsorshipOutcome {
  return { ok: false, reason, message: QUOTA_MESSAGES[reason] };
}

function startOfUtcDay(now: number): Date {
  const day = new Date(now);
  return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()));
}

type FoundAccount = StoredPasskeyAccount & { id: string; isDeployed: boolean };

async function findAccount(deps: AppDeps, sender: Address): Promise<FoundAccount | null> {
  const [row] = await deps.db
    .select({
      id: passkeyAccounts.id,
      userId: passkeyAccounts.userId,
      address: passkeyAccounts.address,
      publicKeyX: passkeyAccounts.publicKeyX,
      publicKeyY: passkeyAccounts.publicKeyY,
      recoveryOwner: passkeyAccounts.recoveryOwner,
      verifier: passkeyAccounts.verifier,
      deployedAt: passkeyAccounts.deployedAt,
    })
    .from(passkeyAccounts)
    .where(eq(passkeyAccounts.address, sender))
    .limit(1);
  if (!row) return null;
  const { deployedAt, ...account } = row;
  return { ...account, isDeployed: deployedAt !== null };
}

/** The account's passkeys not seen removed: an owner change may only add one of these. */
async function knownPasskeys(deps: AppDeps, account: FoundAccount): Promise<KnownPasskey[]> {
  return deps.db
    .select({
      publicKeyX: passkeyAccountPasskeys.publicKeyX,
      publicKeyY: passkeyAccountPasskeys.publicKeyY,
      signer: passkeyAccountPasskeys.signer,
    })
    .from(passkeyAccountPasskeys)
    .where(and(eq(passkeyAccountPasskeys.accountId, account.id), isNull(passkeyAccountPasskeys.removedAt)));
}

/**
 * When a sponsorship stops being usable, in seconds. The EntryPoint checks it against the block's timestamp, not
 * the server's clock: counted from the later of the two, a chain clock running ahead of the server's (a server
 * clock that drifted, or a local chain moved forward) cannot make a sponsorship expired before it is sent.
 */
async function sponsorshipValidUntil(deps: AppDeps): Promise<number> {
  const latest = await deps.chain.client.getBlock({ blockTag: 'latest' });
  return Math.max(Math.floor(deps.now() / 1000), Number(latest.timestamp)) + SPONSORSHIP_VALIDITY_SECONDS;
}

/** Whether the account has code on chain; the first time it does, deployed_at is recorded. */
async function isDeployedOnChain(deps: AppDeps, account: FoundAccount): Promise<boolean> {
  if (account.isDeployed) return true;
  const code = await deps.chain.client.getCode({ address: account.address });
  if (!code || code === '0x') return false;
  await deps.db
    .update(passkeyAccounts)
    .set({ deployedAt: new Date(deps.now()) })
    .where(eq(passkeyAccounts.address, account.address));
  return true;
}

type Usage = { operations: number; sends: number; spentWei: bigint };

async function readUsage(db: Database | Transaction, userId: string, since: Date): Promise<Usage> {
  const [mine] = await db
    .select({
      operations: count(),
      sends: sql<number>`count(*) filter (where ${paymasterSponsorships.kind} = 'send')`.mapWith(Number),
    })
    .from(paymasterSponsorships)
    .where(and(eq(paymasterSponsorships.userId, userId), gte(paymasterSponsorships.createdAt, since)));
  const [everyone] = await db
    .select({ spent: sum(paymasterSponsorships.maxCostWei) })
    .from(paymasterSponsorships)
    .where(gte(paymasterSponsorships.createdAt, since));
  return { operations: mine?.operations ?? 0, sends: mine?.sends ?? 0, spentWei: BigInt(everyone?.spent ?? '0') };
}

function quotaProblem(
  usage: Usage,
  kind: SponsoredOperationKind,
  costWei: bigint,
  limits: PasskeyAccountsConfig,
): QuotaReason | null {
  if (usage.operations >= limits.operationsPerDay) return 'DAILY_OPERATIONS_USED';
  if (kind === 'send' && usage.sends >= limits.transfersPerDay) return 'DAILY_SENDS_USED';
  if (usage.spentWei + costWei > limits.dailyBudgetWei) return 'DAILY_BUDGET_USED';
  return null;
}

/**
 * Counts the sponsorship against the user's day and Keel's budget, all or nothing: one
 * transaction under an advisory lock, so two requests at once cannot both take the last one.
 */
async function reserveSponsorship(
  deps: AppDeps,
  limits: PasskeyAccountsConfig,
  input: { userId: string; op: UserOperation; kind: SponsoredOperationKind; costWei: bigint; validUntil: number },
): Promise<QuotaReason | null> {
  const since = startOfUtcDay(deps.now());
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('paymaster-sponsorships'))`);
    const problem = quotaProblem(await readUsage(tx, input.userId, since), input.kind, input.costWei, limits);
    if (problem) return problem;
    await tx.insert(paymasterSponsorships).values({
      userId: input.userId,
      sender: input.op.sender,
      nonce: input.op.nonce.toString(),
      kind: input.kind,
      maxCostWei: input.costWei.toString(),
      validUntil: new Date(input.validUntil * 1000),
    });
    return null;
  });
}

type ForwardAnswer = { result?: unknown; error?: { message?: string } };

async function forward(url: string, method: string, params: readonly unknown[]): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    signal: AbortSignal.timeout(10_000),
  });
  const body = (await response.json()) as ForwardAnswer;
  if (body.error || body.result === undefined) {
    throw new Error(`the paymaster provider refused: ${body.error?.message ?? `HTTP ${response.status}`}`);
  }
  return body.result;
}

export type Sponsor = (request: SponsorshipRequest) => Promise<SponsorshipOutcome>;

/** The paymaster's one decision path: policy, then quotas (final only), then a signature or the provider's answer. */
export function createSponsor(deps: AppDeps, limits: PasskeyAccountsConfig): Sponsor {
  const mode = limits.paymaster;
  const verifying: VerifyingPaymaster | null =
    mode.kind === 'signing'
      ? createVerifyingPaymaster({ address: mode.address, signerKey: mode.signerKey, chainId: deps.config.chainId })
      : null;

  return async ({ phase, userId, op, rawParams }) => {
    const account = await findAccount(deps, op.sender);
    if (account && account.userId !== userId) return refusal('NOT_YOUR_ACCOUNT');
    const vaults = await deps.chain.vaults.list();
    const changesOwners = account !== null && isOwnerChange(op.callData, account.address);
    const decision = decideSponsorship(op, {
      account,
      isDeployed: account ? await isDeployedOnChain(deps, account) : false,
      passkeys: account && changesOwners ? await knownPasskeys(deps, account) : [],
      // The owners come from the chain, never from the operation or the browser.
      owners: account && changesOwners ? await readSafeOwners(deps.chain.client, account) : null,
      usdc: deps.config.usdcAddress,
      verifiedVaults: vaults.filter((vault) => vault.available).map((vault) => vault.address),
      caps: phase === 'final' ? { maxGas: limits.maxGas, maxFeePerGas: limits.maxFeePerGasWei } : null,
    });
    if (!decision.ok) return decision;

    const validUntil = await sponsorshipValidUntil(deps);
    if (phase === 'stub') {
      const usage = await readUsage(deps.db, userId, startOfUtcDay(deps.now()));
      const problem = quotaProblem(usage, decision.kind, 0n, limits);
      if (problem) return refusal(problem);
      const result = verifying
        ? await verifying.stub(op, validUntil)
        : await forward(forwardUrl(mode), 'pm_getPaymasterStubData', withContext(rawParams, mode));
      return { ok: true, kind: decision.kind, result };
    }
    const problem = await reserveSponsorship(deps, limits, {
      userId,
      op,
      kind: decision.kind,
      costWei: decision.maxCostWei,
      validUntil,
    });
    if (problem) return refusal(problem);
    const result = verifying
      ? await verifying.sign(op, validUntil)
      : await forward(forwardUrl(mode), 'pm_getPaymasterData', withContext(rawParams, mode));
    return { ok: true, kind: decision.kind, result };
  };
}

function forwardUrl(mode: PasskeyAccountsConfig['paymaster']): string {
  if (mode.kind !== 'forwarding') throw new Error('forwarding without a PAYMASTER_URL');
  return mode.url;
}

/** The client's [userOp, entryPoint, chainId] with Keel's context for the provider (never the browser's). */
function withContext(rawParams: readonly unknown[], mode: PasskeyAccountsConfig['paymaster']): unknown[] {
  return [...rawParams.slice(0, 3), mode.kind === 'forwarding' ? mode.context : {}];
}
