import type { Address } from '@keel/core/address';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

// ---- Better Auth tables (names and columns the library expects) ----

export const user = pgTable('user', {
  id: text('id').primaryKey(),
  /** The full name from sign-up, shown in the account menu. */
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** Two-step sign-in is on (Better Auth's two-factor plugin): a password sign-in then asks for a code. */
  twoFactorEnabled: boolean('two_factor_enabled').default(false),
});

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
  },
  (table) => [index('session_user_id_idx').on(table.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('account_user_id_idx').on(table.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('verification_identifier_idx').on(table.identifier)],
);

/** Better Auth's two-factor plugin: the encrypted authenticator secret and backup codes of one account. */
export const twoFactor = pgTable(
  'two_factor',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** False between turning it on and the first code that confirms it. */
    verified: boolean('verified').default(true),
    failedVerificationCount: integer('failed_verification_count').default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (table) => [index('two_factor_user_id_idx').on(table.userId)],
);

/** Better Auth's passkey plugin: one WebAuthn credential a saver signs in with. */
export const passkey = pgTable(
  'passkey',
  {
    id: text('id').primaryKey(),
    name: text('name'),
    publicKey: text('public_key').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    credentialID: text('credential_id').notNull(),
    counter: integer('counter').notNull(),
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull(),
    transports: text('transports'),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow(),
    aaguid: text('aaguid'),
  },
  (table) => [index('passkey_user_id_idx').on(table.userId), uniqueIndex('passkey_credential_id_key').on(table.credentialID)],
);

// ---- Keel's own tables ----

export const securityAuditLog = pgTable(
  'security_audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id'),
    action: text('action').notNull(),
    success: boolean('success').notNull(),
    metadata: jsonb('metadata')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (table) => [
    index('security_audit_log_user_id_idx').on(table.userId),
    index('security_audit_log_action_created_idx').on(table.action, table.createdAt),
  ],
);

export const waitlistSignups = pgTable(
  'waitlist_signups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    source: text('source').notNull().default('mobile_waitlist'),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('waitlist_signups_email_key').on(table.email)],
);

export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    source: text('source').notNull().default('newsletter'),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('newsletter_subscribers_email_key').on(table.email)],
);

export const manualDeposits = pgTable(
  'manual_deposits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Lower-cased 0x address (core's parseAddress). */
    wallet: text('wallet').$type<Address>().notNull(),
    vault: text('vault').notNull(),
    /** USDC, exact: numeric with 6 decimals like the token. */
    depositAmount: numeric('deposit_amount', { precision: 20, scale: 6 }).notNull(),
    apyPercent: numeric('apy_percent', { precision: 7, scale: 4 }).notNull(),
    depositDate: date('deposit_date', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('manual_deposits_wallet_idx').on(table.wallet)],
);

export const userWallets = pgTable(
  'user_wallets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    /** Lower-cased 0x address (core's parseAddress). */
    walletAddress: text('wallet_address').$type<Address>().notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    chainId: integer('chain_id'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the account proved it controls the wallet with an EIP-4361 signature.
     * Null = saved on trust before signatures were required: such a row is not a
     * link and grants nothing (listLinkedWallets ignores it).
     */
    linkedAt: timestamp('linked_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('user_wallets_email_key').on(table.email),
    index('user_wallets_user_id_idx').on(table.userId),
    index('user_wallets_wallet_address_idx').on(table.walletAddress),
  ],
);

/**
 * Single-use nonces for wallet-link messages (EIP-4361): bound to the session that
 * asked and to the address it will sign for, valid for at most 10 minutes.
 * A row is deleted when it is used.
 */
export const walletLinkNonces = pgTable(
  'wallet_link_nonces',
  {
    nonce: text('nonce').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    sessionId: text('session_id')
      .notNull()
      .references(() => session.id, { onDelete: 'cascade' }),
    /** Lower-cased 0x address the message is issued for (core's parseAddress). */
    walletAddress: text('wallet_address').$type<Address>().notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('wallet_link_nonces_session_id_idx').on(table.sessionId),
    index('wallet_link_nonces_expires_at_idx').on(table.expiresAt),
  ],
);

/**
 * Browsers an account has signed in from, each as an HMAC of the long-lived
 * device cookie and the user agent (never either in clear). A sign-in whose
 * pair is missing here, on an account that already has one, is "from a new
 * device" and mailed to the owner.
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    deviceHash: text('device_hash').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.deviceHash] })],
);

/**
 * Single-use WebAuthn registration challenges for the passkey account, bound to
 * the signed-in user, valid for a few minutes. A row is deleted when it is used.
 */
export const passkeyAccountChallenges = pgTable(
  'passkey_account_challenges',
  {
    challenge: text('challenge').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('passkey_account_challenges_user_id_idx').on(table.userId),
    index('passkey_account_challenges_expires_at_idx').on(table.expiresAt),
  ],
);

export const TRANSFER_KINDS = ['deposit', 'withdraw'] as const;
export type TransferKind = (typeof TRANSFER_KINDS)[number];
export const TRANSFER_STATUSES = ['pending', 'confirmed', 'failed'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

/** uint256 token amounts, exact: integers of the token's smallest units. */
const tokenUnits = (name: string) => numeric(name, { precision: 78, scale: 0 });

/**
 * Deposits and withdrawals the user sent from a linked wallet through Keel's
 * dialogs. Recorded as soon as the transaction hash exists (pending), then
 * confirmed or failed by the server's own receipt check — never by what the
 * browser reports. The history indexer matches vault events to these rows by
 * (chain_id, tx_hash, log_index).
 */
export const transfers = pgTable(
  'transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** Lower-cased: the linked wallet that owns the shares. */
    walletAddress: text('wallet_address').$type<Address>().notNull(),
    /** Lower-cased: one of the three configured vaults. */
    vaultAddress: text('vault_address').$type<Address>().notNull(),
    kind: text('kind', { enum: TRANSFER_KINDS }).notNull(),
    chainId: integer('chain_id').notNull(),
    /** Lower-cased 0x transaction hash. */
    txHash: text('tx_hash').notNull(),
    /** What the user asked for: assets (deposit, partial withdraw) or shares (Max withdraw = redeem all). */
    requestedAssets: tokenUnits('requested_assets'),
    requestedShares: tokenUnits('requested_shares'),
    status: text('status', { enum: TRANSFER_STATUSES }).notNull().default('pending'),
    /** Why it failed, in plain words (reverted, no matching vault event, not found on chain…). */
    failureReason: text('failure_reason'),
    /** From the vault's Deposit/Withdraw event once confirmed. */
    assets: tokenUnits('assets'),
    shares: tokenUnits('shares'),
    blockNumber: bigint('block_number', { mode: 'number' }),
    logIndex: integer('log_index'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the receipt check decided (confirmed or failed). */
    settledAt: timestamp('settled_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('transfers_chain_tx_hash_key').on(table.chainId, table.txHash),
    index('transfers_user_id_submitted_at_idx').on(table.userId, table.submittedAt),
    index('transfers_status_idx').on(table.status),
  ],
);

export const contactMessages = pgTable('contact_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  ipAddress: text('ip_address'),
  /** queued → sent, or failed with the reason kept for an operator. */
  deliveryStatus: text('delivery_status').notNull().default('queued'),
  deliveryError: text('delivery_error'),
  createdAt: createdAt(),
});

/** Fixed-window counters shared by every server instance on one database. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStartedAt: bigint('window_started_at', { mode: 'number' }).notNull(),
});

// ---- Chain history: an index of the vaults' events, rebuilt from chain at will ----

/** Token amounts: integers of the token's smallest unit, up to uint256. */
const uint256 = (name: string) => numeric(name, { precision: 78, scale: 0 }).notNull();

/**
 * One row per ERC-4626 Deposit / Withdraw or share Transfer log of a configured vault,
 * stored once (chain id + tx hash + log index). Addresses are lower-cased.
 * Deposit: sender, owner (gets the shares), assets, shares.
 * Withdraw: sender, receiver (gets the assets), owner (whose shares burn), assets, shares.
 * Transfer: sender = from, receiver = to, shares = value (mints and burns included).
 */
export const vaultEvents = pgTable(
  'vault_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chainId: integer('chain_id').notNull(),
    vaultAddress: text('vault_address').notNull(),
    kind: text('kind', { enum: ['deposit', 'withdraw', 'transfer'] }).notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    blockHash: text('block_hash').notNull(),
    blockTime: timestamp('block_time', { withTimezone: true }).notNull(),
    txHash: text('tx_hash').notNull(),
    logIndex: integer('log_index').notNull(),
    sender: text('sender').notNull(),
    owner: text('owner'),
    receiver: text('receiver'),
    assets: numeric('assets', { precision: 78, scale: 0 }),
    shares: uint256('shares'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('vault_events_chain_tx_log_key').on(table.chainId, table.txHash, table.logIndex),
    index('vault_events_vault_block_idx').on(table.chainId, table.vaultAddress, table.blockNumber),
    index('vault_events_owner_idx').on(table.owner),
    index('vault_events_sender_idx').on(table.sender),
    index('vault_events_receiver_idx').on(table.receiver),
  ],
);

/**
 * The indexer's progress per vault: every block up to last_block is in vault_events.
 * start_block is INDEX_FROM_BLOCK or the vault's deployment block (found once);
 * last_block_hash lets the next run notice a reorg under its feet.
 */
export const indexerCursors = pgTable(
  'indexer_cursors',
  {
    chainId: integer('chain_id').notNull(),
    vaultAddress: text('vault_address').notNull(),
    startBlock: bigint('start_block', { mode: 'number' }).notNull(),
    lastBlock: bigint('last_block', { mode: 'number' }).notNull(),
    lastBlockHash: text('last_block_hash'),
    shareDecimals: integer('share_decimals').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('indexer_cursors_chain_vault_key').on(table.chainId, table.vaultAddress)],
);

/**
 * USDC Transfer logs into or out of an address some user saves from (a linked wallet), stored once
 * (chain id + tx hash + log index): money that arrives before it is deposited, and money sent elsewhere.
 */
export const usdcTransfers = pgTable(
  'usdc_transfers',
  {
    chainId: integer('chain_id').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    blockHash: text('block_hash').notNull(),
    blockTime: timestamp('block_time', { withTimezone: true }).notNull(),
    txHash: text('tx_hash').notNull(),
    logIndex: integer('log_index').notNull(),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    /** USDC units (6 decimals). */
    value: uint256('value'),
  },
  (table) => [
    uniqueIndex('usdc_transfers_chain_tx_log_key').on(table.chainId, table.txHash, table.logIndex),
    index('usdc_transfers_from_idx').on(table.chainId, table.fromAddress, table.blockNumber),
    index('usdc_transfers_to_idx').on(table.chainId, table.toAddress, table.blockNumber),
  ],
);

/** How far the USDC transfers of one saving address are indexed: each address catches up on its own. */
export const transferCursors = pgTable(
  'transfer_cursors',
  {
    chainId: integer('chain_id').notNull(),
    address: text('address').notNull(),
    startBlock: bigint('start_block', { mode: 'number' }).notNull(),
    lastBlock: bigint('last_block', { mode: 'number' }).notNull(),
    lastBlockHash: text('last_block_hash'),
    /** Time of start_block: before it the address's transfers are not indexed, so what it held is not known. */
    startBlockTime: timestamp('start_block_time', { withTimezone: true }),
    /**
     * The address's USDC balanceOf at usdc_balance_block, stored with the transfers up to that block (always
     * last_block when set): what it held at any time since start_block is this less the transfers after it.
     * Null until the first range is indexed and after a rewind, until the next one.
     */
    usdcBalance: numeric('usdc_balance', { precision: 78, scale: 0 }),
    usdcBalanceBlock: bigint('usdc_balance_block', { mode: 'number' }),
    usdcBalanceTime: timestamp('usdc_balance_time', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('transfer_cursors_chain_address_key').on(table.chainId, table.address)],
);

/** convertToAssets(10^decimals) and totalAssets of a vault at a block: hourly and at every block with events. */
export const sharePrices = pgTable(
  'share_prices',
  {
    chainId: integer('chain_id').notNull(),
    vaultAddress: text('vault_address').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    blockTime: timestamp('block_time', { withTimezone: true }).notNull(),
    /** Assets (smallest units) one whole share converts to. */
    sharePrice: uint256('share_price'),
    totalAssets: uint256('total_assets'),
  },
  (table) => [
    uniqueIndex('share_prices_chain_vault_block_key').on(table.chainId, table.vaultAddress, table.blockNumber),
    index('share_prices_vault_time_idx').on(table.chainId, table.vaultAddress, table.blockTime),
  ],
);

/**
 * A saver's passkey savings account: a Safe owned by a WebAuthn passkey (through Safe's shared
 * signer) and a recovery key, at a counterfactual address until its first operation deploys it.
 */
export const passkeyAccounts = pgTable(
  'passkey_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** Lower-cased 0x address of the Safe (core's parseAddress). */
    address: text('address').$type<Address>().notNull(),
    /** The WebAuthn credential id (base64url), as the browser reports it. */
    credentialId: text('credential_id').notNull(),
    /** The passkey's P-256 public key, x and y as 0x-prefixed 32-byte hex. */
    publicKeyX: text('public_key_x').notNull(),
    publicKeyY: text('public_key_y').notNull(),
    /** The second owner: the recovery key's lower-cased address (the key itself never reaches the server). */
    recoveryOwner: text('recovery_owner').$type<Address>().notNull(),
    /** The shared signer's packed verifier setting, a decimal string (core's SAFE_P256_VERIFIERS). */
    verifier: text('verifier').notNull(),
    createdAt: createdAt(),
    /** When its first operation deployed the Safe; null while it is counterfactual. */
    deployedAt: timestamp('deployed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('passkey_accounts_address_key').on(table.address),
    uniqueIndex('passkey_accounts_credential_id_key').on(table.credentialId),
    index('passkey_accounts_user_id_idx').on(table.userId),
  ],
);

/**
 * Every passkey that owns (or was asked to own) a savings account: the first one, made with the
 * account and signing through Safe's shared signer, and each later device's, signing through its own
 * signer contract. A row is active only while the server has read its signer among the Safe's
 * owners on chain (added_at set, removed_at null); the browser's word never makes one active.
 */
export const passkeyAccountPasskeys = pgTable(
  'passkey_account_passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => passkeyAccounts.id, { onDelete: 'cascade' }),
    /** The WebAuthn credential id (base64url), as the browser reports it. */
    credentialId: text('credential_id').notNull(),
    /** The passkey's P-256 public key, x and y as 0x-prefixed 32-byte hex. */
    publicKeyX: text('public_key_x').notNull(),
    publicKeyY: text('public_key_y').notNull(),
    /** The owner address the Safe lists for this passkey (lower-cased): the shared signer or its own signer. */
    signer: text('signer').$type<Address>().notNull(),
    /** The device it was made on, in plain words. */
    label: text('label').notNull(),
    createdAt: createdAt(),
    /** When the server read the signer among the Safe's owners. */
    addedAt: timestamp('added_at', { withTimezone: true }),
    /** When the server read that the Safe no longer lists the signer. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('passkey_account_passkeys_credential_id_key').on(table.credentialId),
    index('passkey_account_passkeys_account_id_idx').on(table.accountId),
  ],
);

export const SPONSORED_OPERATION_KINDS = ['deposit', 'withdraw', 'send', 'owners'] as const;
export type SponsoredOperationKind = (typeof SPONSORED_OPERATION_KINDS)[number];

/**
 * Every operation Keel's paymaster agreed to pay for: the per-user daily counts and the global
 * daily budget are read from here (docs/decisions/015-paymaster.md).
 */
export const paymasterSponsorships = pgTable(
  'paymaster_sponsorships',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    sender: text('sender').$type<Address>().notNull(),
    /** The UserOperation's nonce, a decimal string. */
    nonce: text('nonce').notNull(),
    kind: text('kind').$type<SponsoredOperationKind>().notNull(),
    /** The most the operation can cost the paymaster (every gas limit at maxFeePerGas), wei. */
    maxCostWei: numeric('max_cost_wei', { precision: 78, scale: 0 }).notNull(),
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('paymaster_sponsorships_user_created_idx').on(table.userId, table.createdAt),
    index('paymaster_sponsorships_created_idx').on(table.createdAt),
  ],
);

/**
 * Every mail Keel sends, written before it is sent (in the same transaction as the record it reports) and
 * delivered by the outbox worker (mail/mail-outbox.ts, docs/decisions/018-email-outbox.md). A row is claimed
 * for a lease (claimed_at + claim_token) so that one instance sends it, and another sends it after the lease
 * when the first died mid-send. No foreign key to the user: an account's last mail outlives the account.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What the mail is: an account mail ('verification', 'password-reset', …) or a notification kind. */
    kind: text('kind').notNull(),
    /** One mail per event (e.g. deposit_confirmed:8453:0xhash:3:user): a re-indexed event enqueues nothing. */
    dedupeKey: text('dedupe_key'),
    userId: text('user_id'),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    replyTo: text('reply_to'),
    /** Extra headers (List-Unsubscribe and List-Unsubscribe-Post for notifications). */
    headers: jsonb('headers').$type<Record<string, string>>(),
    createdAt: createdAt(),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    claimToken: text('claim_token'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Set when the retries ran out: kept for an operator, counted by /api/health. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (table) => [
    uniqueIndex('mail_outbox_dedupe_key').on(table.dedupeKey),
    index('mail_outbox_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.sentAt} is null and ${table.failedAt} is null`),
  ],
);

/** A saver's choice per notification kind; a kind without a row takes core's default. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.kind] })],
);

/**
 * The last verdict on each vault that every instance agrees on: a change of it is written once (a
 * conditional update), and its holders are notified in that transaction.
 */
export const vaultAvailability = pgTable(
  'vault_availability',
  {
    chainId: integer('chain_id').notNull(),
    vaultAddress: text('vault_address').notNull(),
    available: boolean('available').notNull(),
    /** Counts each change, so each change has its own notification key. */
    changes: integer('changes').notNull().default(0),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.chainId, table.vaultAddress] })],
);
