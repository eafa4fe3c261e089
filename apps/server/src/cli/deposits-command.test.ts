import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client.js';
import { manualDeposits, securityAuditLog } from '../db/schema.js';
import { createTestDatabaseUrl } from '../test-support/test-database.js';
import { runDepositsCommand } from './deposits-command.js';

const TODAY = '2026-11-22';
const WALLET = '0xAbCdEf0123456789aBcDeF0123456789AbCdEf01';

let database: DatabaseHandle;
let dropDatabase: () => Promise<void>;
beforeAll(async () => {
  const test = await createTestDatabaseUrl();
  dropDatabase = test.drop;
  database = await openDatabase({ databaseUrl: test.databaseUrl, dataDir: 'memory://' });
});
afterAll(async () => {
  await database.close();
  await dropDatabase();
});

async function runAs(defaultOperator: string | undefined, argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runDepositsCommand(argv, {
    db: database.db,
    today: TODAY,
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    defaultOperator,
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** As the login 'ops-alice' ($USER in the entry point). */
function run(...argv: string[]) {
  return runAs('ops-alice', argv);
}

const VALID = ['--wallet', WALLET, '--vault', 'Everyday Cash', '--amount', '1000.50', '--apy', '5.5', '--date', '2026-11-01'];

function withOption(name: string, value: string | null): string[] {
  const args = [...VALID];
  const index = args.indexOf(`--${name}`);
  if (value === null) args.splice(index, 2);
  // A value starting with '-' must be attached, or it reads as an option.
  else if (value.startsWith('-')) args.splice(index, 2, `--${name}=${value}`);
  else args[index + 1] = value;
  return args;
}

describe('deposits add: validation', () => {
  it.each([
    ['wallet', '0x123', '--wallet: Enter a valid wallet address'],
    ['wallet', null, '--wallet: is required'],
    ['vault', 'Moon Vault', '--vault: Vault must be one of: Everyday Cash, Smart Savings, Growth Reserve'],
    ['vault', null, '--vault: is required'],
    ['amount', '0', '--amount: Amount must be greater than 0'],
    ['amount', '0.000000', '--amount: Amount must be greater than 0'],
    ['amount', '-5', '--amount: Amount must be a number of USDC with at most 6 decimals'],
    ['amount', '1.1234567', '--amount: Amount must be a number of USDC with at most 6 decimals'],
    ['amount', '1,000', '--amount: Amount must be a number of USDC with at most 6 decimals'],
    ['amount', '123456789012345', '--amount: Amount must be a number of USDC with at most 6 decimals'],
    ['apy', '100.0001', '--apy: APY must be between 0 and 100'],
    ['apy', '-1', '--apy: APY must be a percentage with at most 4 decimals'],
    ['apy', '5.12345', '--apy: APY must be a percentage with at most 4 decimals'],
    ['apy', 'five', '--apy: APY must be a percentage with at most 4 decimals'],
    ['date', '2026-11-23', '--date: Date cannot be in the future (today is 2026-11-22)'],
    ['date', '2026-02-30', '--date: Date must be a calendar date as YYYY-MM-DD'],
    ['date', '01/11/2026', '--date: Date must be a calendar date as YYYY-MM-DD'],
  ])('--%s %j → %s', async (option, value, message) => {
    const result = await run('add', ...withOption(option, value));
    expect(result.code).toBe(1);
    expect(result.err).toContain(message);
  });

  it('reports every problem at once and records nothing', async () => {
    const result = await run('add', '--wallet', 'nope', '--vault', 'x', '--amount', '0', '--apy', '101', '--date', '2099-01-01');
    expect(result.code).toBe(1);
    expect(result.err.split('\n').map((line) => line.split(':')[0])).toEqual([
      '--wallet',
      '--vault',
      '--amount',
      '--apy',
      '--date',
    ]);
    expect(await database.db.select().from(manualDeposits)).toEqual([]);
  });

  it.each([[[]], [['remove']], [['add', 'extra', ...VALID]], [['add', '--colour', 'red']]])(
    'answers usage for %j',
    async (argv) => {
      const result = await run(...argv);
      expect(result.code).toBe(2);
      expect(result.err).toContain('Usage:');
    },
  );

  it('prints help', async () => {
    const result = await run('--help');
    expect(result.code).toBe(0);
    expect(result.out).toContain('deposits add --wallet');
  });
});

describe('deposits add and list against the database', () => {
  it('records deposits with normalised values and lists them', async () => {
    const added = await run('add', ...VALID);
    expect(added.code).toBe(0);
    expect(added.out).toMatch(
      /^Recorded 1000\.50 USDC in Everyday Cash at 5\.5% APY on 2026-11-01 for 0xabcdef0123456789abcdef0123456789abcdef01 \(id [0-9a-f-]{36}\)\.$/,
    );

    // Name or id in any case; the date defaults to today.
    expect((await run('add', '--wallet', WALLET, '--vault', 'smart-savings', '--amount', '250', '--apy', '8')).code).toBe(0);
    expect(
      (
        await run(
          'add',
          '--wallet',
          '0x1111111111111111111111111111111111111111',
          '--vault',
          'GROWTH RESERVE',
          '--amount',
          '0.000001',
          '--apy',
          '100',
          '--date',
          '2020-02-29',
        )
      ).code,
    ).toBe(0);

    const rows = await database.db.select().from(manualDeposits);
    expect(rows.map((row) => [row.wallet, row.vault, row.depositAmount, row.apyPercent, row.depositDate]).sort()).toEqual([
      ['0x1111111111111111111111111111111111111111', 'Growth Reserve', '0.000001', '100.0000', '2020-02-29'],
      ['0xabcdef0123456789abcdef0123456789abcdef01', 'Everyday Cash', '1000.500000', '5.5000', '2026-11-01'],
      ['0xabcdef0123456789abcdef0123456789abcdef01', 'Smart Savings', '250.000000', '8.0000', TODAY],
    ]);

    const mine = await run('list', '--wallet', WALLET);
    expect(mine.code).toBe(0);
    const lines = mine.out.split('\n');
    expect(lines[0]).toMatch(/^date\s+vault\s+amount \(USDC\)\s+apy %\s+wallet\s+id$/);
    expect(lines[1]).toMatch(/^2026-11-22 {2}Smart Savings +250\.00 +8 {2}0xabcdef/);
    expect(lines[2]).toMatch(/^2026-11-01 {2}Everyday Cash +1000\.50 +5\.5 {2}0xabcdef/);
    expect(lines[3]).toBe('2 deposits, total $1,250.50');

    const all = await run('list', '--json');
    expect(JSON.parse(all.out)).toHaveLength(3);
    expect((await run('list', '--wallet', '0x2222222222222222222222222222222222222222')).out).toBe(
      'No deposits for 0x2222222222222222222222222222222222222222.',
    );
    expect((await run('list', '--wallet', 'bad')).code).toBe(1);
  });
});

describe('deposits add: audit and duplicates', () => {
  const WALLET_B = '0x3333333333333333333333333333333333333333';
  const ENTRY = ['--wallet', WALLET_B, '--vault', 'Growth Reserve', '--amount', '42.5', '--apy', '21', '--date', '2026-10-01'];

  async function auditRows() {
    const rows = await database.db.select().from(securityAuditLog).where(eq(securityAuditLog.action, 'MANUAL_DEPOSIT_RECORDED'));
    return rows.filter((row) => row.metadata.wallet === WALLET_B.toLowerCase());
  }

  it('writes an audit row with the operator ($USER) and the values written', async () => {
    const added = await run('add', ...ENTRY);
    expect(added.code).toBe(0);
    const [deposit] = await database.db.select().from(manualDeposits).where(eq(manualDeposits.wallet, WALLET_B));
    const rows = await auditRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      userId: null,
      success: true,
      ipAddress: null,
      userAgent: 'keel deposits CLI',
      metadata: {
        operator: 'ops-alice',
        depositId: deposit?.id,
        wallet: WALLET_B,
        vault: 'Growth Reserve',
        depositAmount: '42.50',
        apyPercent: '21',
        depositDate: '2026-10-01',
      },
    });
  });

  it('refuses an exact duplicate, audits the refusal, and records nothing', async () => {
    // Same values, written differently: still the same deposit.
    const again = await run(
      'add',
      ...ENTRY.map((value) => (value === '42.5' ? '42.500000' : value === 'Growth Reserve' ? 'growth-reserve' : value)),
    );
    expect(again.code).toBe(1);
    expect(again.err).toMatch(/^Refused: an identical deposit is already recorded: [0-9a-f-]{36} \(recorded \d{4}-/);
    expect(again.err).toContain('--allow-duplicate');
    expect(await database.db.select().from(manualDeposits).where(eq(manualDeposits.wallet, WALLET_B))).toHaveLength(1);
    const refused = (await auditRows()).filter((row) => !row.success);
    expect(refused).toHaveLength(1);
    expect(refused[0]?.metadata).toMatchObject({ operator: 'ops-alice', reason: 'DUPLICATE', depositAmount: '42.50' });
  });

  it('records a deliberate duplicate with --allow-duplicate, under the --operator given', async () => {
    const forced = await run('add', ...ENTRY, '--allow-duplicate', '--operator', 'ops-bob');
    expect(forced.code).toBe(0);
    const deposits = await database.db.select().from(manualDeposits).where(eq(manualDeposits.wallet, WALLET_B));
    expect(deposits).toHaveLength(2);
    const latest = (await auditRows()).find((row) => row.success && row.metadata.operator === 'ops-bob');
    expect(latest?.metadata).toMatchObject({ allowDuplicate: true, duplicateOf: [deposits[0]?.id ?? deposits[1]?.id] });
    // A different value is not a duplicate.
    expect((await run('add', ...ENTRY.map((value) => (value === '21' ? '21.5' : value)))).code).toBe(0);
  });

  it('needs an operator: refuses when neither --operator nor $USER says who', async () => {
    const nobody = await runAs(undefined, ['add', ...VALID]);
    expect(nobody.code).toBe(1);
    expect(nobody.err).toContain('--operator: is required (no $USER to take it from)');
    const control = await runAs(undefined, ['add', ...VALID, '--operator', 'eve\u0000']);
    expect(control.err).toContain('--operator: must be a name of at most 100 printable characters');
  });
});

describe('the deposits entry point', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'keel-cli-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('uses the server configuration (DATA_DIR), keeps what it records, audits it as $USER, and refuses a duplicate', async () => {
    const serverDir = fileURLToPath(new URL('../..', import.meta.url));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '1',
      LOG_LEVEL: 'silent',
      INIT_CWD: serverDir,
      USER: 'ops-entry',
    };
    delete env.DATABASE_URL;
    const cli = (...argv: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', '--conditions=source', 'src/cli/deposits.ts', ...argv], {
        cwd: serverDir,
        env,
        encoding: 'utf8',
        timeout: 60_000,
      });
    const added = cli('add', ...VALID);
    expect(added.stderr).toContain(`Database: embedded, ${dataDir}`);
    expect(added.status).toBe(0);
    const duplicate = cli('add', ...VALID);
    expect(duplicate.status).toBe(1);
    expect(duplicate.stderr).toContain('Refused: an identical deposit is already recorded');
    const listed = cli('list');
    expect(listed.status).toBe(0);
    expect(listed.stdout).toContain('1 deposit, total $1,000.50');

    const stored = await openDatabase({ dataDir });
    try {
      const audit = await stored.db.select().from(securityAuditLog).orderBy(securityAuditLog.createdAt);
      expect(audit.map((row) => [row.action, row.success, row.metadata.operator])).toEqual([
        ['MANUAL_DEPOSIT_RECORDED', true, 'ops-entry'],
        ['MANUAL_DEPOSIT_RECORDED', false, 'ops-entry'],
      ]);
    } finally {
      await stored.close();
    }
  }, 120_000);
});
