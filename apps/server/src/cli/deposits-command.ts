import { parseArgs } from 'node:util';
import type { Address } from '@keel/core/address';
import { formatUsd, parseUsdc } from '@keel/core/money';
import { walletAddressSchema } from '@keel/core/schemas';
import type { Database } from '../db/client.js';
import { depositInputSchema } from '../modules/deposits/deposit-input.js';
import { listDeposits, type DepositRecord } from '../modules/deposits/list-deposits.js';
import { recordOperatorDeposit } from '../modules/deposits/record-operator-deposit.js';
import { hasControlCharacter } from '../lib/control-characters.js';

export const USAGE = `Record and list manual deposits (the manual_deposits table behind the dashboard).

Usage:
  deposits add --wallet 0x… --vault "Everyday Cash" --amount 1000.50 --apy 5.5 [--date 2026-11-01]
               [--operator name] [--allow-duplicate]
  deposits list [--wallet 0x…] [--json]

  --wallet           the depositor's wallet address (stored lower-cased)
  --vault            Everyday Cash, Smart Savings or Growth Reserve (name or id, any case)
  --amount           USDC, more than 0, at most 6 decimals
  --apy              percent, 0 to 100, at most 4 decimals
  --date             YYYY-MM-DD, not in the future (default: today)
  --operator         who records it, for the audit log (default: $USER)
  --allow-duplicate  record it even if an identical deposit (same wallet, vault,
                     amount, APY and date) is already recorded

Every add writes a security_audit_log row (MANUAL_DEPOSIT_RECORDED) with the
operator and the values. Uses the server's configuration: DATABASE_URL, or the
embedded database in DATA_DIR.`;

export type CommandContext = {
  db: Database;
  /** Today's date (YYYY-MM-DD) on the operator's clock: the latest allowed deposit date. */
  today: string;
  out: (line: string) => void;
  err: (line: string) => void;
  /** The operator when --operator is not given: the login name ($USER) from the entry point. */
  defaultOperator: string | undefined;
};

/** Exit codes: 0 done, 1 invalid input or a refused duplicate, 2 bad usage. */
export type ExitCode = 0 | 1 | 2;

const OPTIONS = {
  wallet: { type: 'string' },
  vault: { type: 'string' },
  amount: { type: 'string' },
  apy: { type: 'string' },
  date: { type: 'string' },
  operator: { type: 'string' },
  'allow-duplicate': { type: 'boolean' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

function table(deposits: DepositRecord[]): string[] {
  const header = ['date', 'vault', 'amount (USDC)', 'apy %', 'wallet', 'id'];
  const rows = deposits.map((deposit) => [
    deposit.depositDate,
    deposit.vault,
    deposit.depositAmount,
    deposit.apyPercent,
    deposit.wallet,
    deposit.id,
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
  // Amounts and APYs read best right-aligned.
  const format = (row: string[]) =>
    row
      .map((cell, column) =>
        column === 2 || column === 3 ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0),
      )
      .join('  ')
      .trimEnd();
  return [format(header), ...rows.map(format)];
}

/** Runs `deposits <add|list>` against an open database; the entry point (deposits.ts) owns process and config. */
export async function runDepositsCommand(argv: string[], context: CommandContext): Promise<ExitCode> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    context.err(error instanceof Error ? error.message : String(error));
    context.err(USAGE);
    return 2;
  }
  const { values, positionals } = parsed;
  const [command, ...extra] = positionals;
  if (values.help || command === 'help') {
    context.out(USAGE);
    return 0;
  }
  if (extra.length > 0 || (command !== 'add' && command !== 'list')) {
    context.err(command ? `Unknown command: ${[command, ...extra].join(' ')}` : 'Missing command: add or list');
    context.err(USAGE);
    return 2;
  }

  if (command === 'add') {
    const operator = (values.operator ?? context.defaultOperator ?? '').trim();
    const operatorProblem =
      operator === ''
        ? 'is required (no $USER to take it from)'
        : operator.length > 100 || hasControlCharacter(operator)
          ? 'must be a name of at most 100 printable characters'
          : null;
    const result = depositInputSchema(context.today).safeParse({
      wallet: values.wallet,
      vault: values.vault,
      amount: values.amount,
      apy: values.apy,
      date: values.date ?? context.today,
    });
    if (!result.success) {
      for (const issue of result.error.issues) {
        const field = issue.path.join('.') || 'input';
        const missing = issue.code === 'invalid_type' && issue.input === undefined;
        context.err(`--${field}: ${missing ? 'is required' : issue.message}`);
      }
    }
    if (operatorProblem) context.err(`--operator: ${operatorProblem}`);
    if (!result.success || operatorProblem) return 1;
    const outcome = await recordOperatorDeposit(context.db, result.data, {
      operator,
      allowDuplicate: values['allow-duplicate'] === true,
    });
    if (outcome.status === 'duplicate') {
      const ids = outcome.existing.map((row) => `${row.id} (recorded ${row.createdAt.toISOString()})`).join(', ');
      context.err(`Refused: an identical deposit is already recorded: ${ids}.`);
      context.err('If this really is another deposit, run the same command again with --allow-duplicate.');
      return 1;
    }
    const { deposit } = outcome;
    if (values.json) {
      context.out(JSON.stringify(deposit));
    } else {
      context.out(
        `Recorded ${deposit.depositAmount} USDC in ${deposit.vault} at ${deposit.apyPercent}% APY on ${deposit.depositDate} for ${deposit.wallet} (id ${deposit.id}).`,
      );
    }
    return 0;
  }

  let wallet: Address | null = null;
  if (values.wallet !== undefined) {
    const result = walletAddressSchema.safeParse(values.wallet);
    if (!result.success) {
      context.err(`--wallet: ${result.error.issues[0]?.message ?? 'invalid address'}`);
      return 1;
    }
    wallet = result.data;
  }
  const deposits = await listDeposits(context.db, wallet ? [wallet] : null);
  if (values.json) {
    context.out(JSON.stringify(deposits, null, 2));
    return 0;
  }
  if (deposits.length === 0) {
    context.out(wallet ? `No deposits for ${wallet}.` : 'No deposits recorded yet.');
    return 0;
  }
  for (const line of table(deposits)) context.out(line);
  const total = deposits.reduce((sum, deposit) => sum + parseUsdc(deposit.depositAmount), 0n);
  context.out(`${deposits.length} deposit${deposits.length === 1 ? '' : 's'}, total ${formatUsd(total)}`);
  return 0;
}
