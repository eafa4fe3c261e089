import { describe, expect, it } from 'vitest';
import { firstRunSteps, isFirstRun, type FirstRunFacts } from './first-run';

const NEW_ACCOUNT: FirstRunFacts = {
  hasLinkedWallet: false,
  hasPosition: false,
  hasRecordedDeposits: false,
  hasHistory: false,
  transfers: [],
};

const states = (facts: FirstRunFacts) => firstRunSteps(facts).map((step) => `${step.id}:${step.state}`);

describe('first-run steps', () => {
  it('start all open for a new account', () => {
    expect(states(NEW_ACCOUNT)).toEqual(['link-wallet:todo', 'choose-vault:todo', 'first-deposit:todo']);
    expect(isFirstRun(NEW_ACCOUNT)).toBe(true);
  });

  it('tick the wallet once the server has a linked wallet, and nothing else', () => {
    const linked = { ...NEW_ACCOUNT, hasLinkedWallet: true };
    expect(states(linked)).toEqual(['link-wallet:done', 'choose-vault:todo', 'first-deposit:todo']);
    expect(isFirstRun(linked)).toBe(true);
  });

  it('tick the vault when a deposit is sent, and show the deposit in progress until its receipt confirms it', () => {
    const sent = { ...NEW_ACCOUNT, hasLinkedWallet: true, transfers: [{ kind: 'deposit', status: 'pending' }] } as const;
    expect(states(sent)).toEqual(['link-wallet:done', 'choose-vault:done', 'first-deposit:in-progress']);
    const confirmed = { ...sent, transfers: [{ kind: 'deposit', status: 'confirmed' }] } as const;
    expect(states(confirmed)).toEqual(['link-wallet:done', 'choose-vault:done', 'first-deposit:done']);
  });

  it('do not count a failed deposit or a withdrawal as a choice', () => {
    const failed = {
      ...NEW_ACCOUNT,
      hasLinkedWallet: true,
      transfers: [
        { kind: 'deposit', status: 'failed' },
        { kind: 'withdraw', status: 'confirmed' },
      ],
    } as const;
    expect(states(failed)).toEqual(['link-wallet:done', 'choose-vault:todo', 'first-deposit:todo']);
  });

  it('end the first run once money is in a vault, however it got there', () => {
    for (const facts of [
      { ...NEW_ACCOUNT, hasLinkedWallet: true, hasPosition: true },
      { ...NEW_ACCOUNT, hasLinkedWallet: true, hasRecordedDeposits: true },
      { ...NEW_ACCOUNT, hasLinkedWallet: true, hasHistory: true },
    ]) {
      expect(states(facts)).toEqual(['link-wallet:done', 'choose-vault:done', 'first-deposit:done']);
      expect(isFirstRun(facts)).toBe(false);
    }
  });
});
