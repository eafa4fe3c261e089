/**
 * Manual deposits for the dashboard end-to-end test, for a wallet no other
 * test uses. The global setup is expected to record them (operator CLI or a
 * direct insert) BEFORE the server starts on the e2e data directory — PGlite
 * allows one process per directory — and then set E2E_SEEDED_DEPOSITS=1.
 */
import { privateKeyToAccount } from 'viem/accounts';

/** A fixed test-only key (never funded anywhere real), so the dashboard test can link the seeded wallet by signing. */
export const SEEDED_WALLET_KEY = '0x5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed';
export const SEEDED_WALLET = privateKeyToAccount(SEEDED_WALLET_KEY).address.toLowerCase();

function daysAgo(days: number, now = new Date()): string {
  const date = new Date(now.getFullYear(), now.getMonth(), now.getDate() - days);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** In the shape of the server's DepositInput: { wallet, vault, amount, apy, date }. */
export function seededDeposits(now = new Date()) {
  return [
    { wallet: SEEDED_WALLET, vault: 'Everyday Cash', amount: '1000.50', apy: '5.5', date: daysAgo(10, now) },
    { wallet: SEEDED_WALLET, vault: 'Smart Savings', amount: '2500', apy: '9.25', date: daysAgo(40, now) },
    { wallet: SEEDED_WALLET, vault: 'Everyday Cash', amount: '250.25', apy: '6', date: daysAgo(0, now) },
  ] as const;
}

export function hasSeededDeposits(): boolean {
  return process.env.E2E_SEEDED_DEPOSITS === '1';
}
