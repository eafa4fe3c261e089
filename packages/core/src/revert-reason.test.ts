import { describe, expect, it } from 'vitest';
import { describeRevert, describeRevertData } from './revert-reason.js';

const PAUSED =
  '0x08c379a0' +
  '0000000000000000000000000000000000000000000000000000000000000020' +
  '000000000000000000000000000000000000000000000000000000000000000f' +
  '5661756c74206973207061757365640000000000000000000000000000000000';
const UNICODE =
  '0x08c379a0' +
  '0000000000000000000000000000000000000000000000000000000000000020' +
  '0000000000000000000000000000000000000000000000000000000000000010' +
  '436166c3a920e2989520636c6f73656400000000000000000000000000000000';

describe('describeRevertData', () => {
  it("gives a require message in the contract's own words, ending as a sentence", () => {
    expect(describeRevertData(PAUSED)).toBe('Vault is paused.');
    expect(describeRevertData(UNICODE)).toBe('Café ☕ closed.');
  });

  it('names the known custom errors in plain words, whatever their arguments', () => {
    expect(describeRevertData(`0xfb8f41b2${'0'.repeat(192)}`)).toBe('The vault was not allowed to take this much USDC.');
    expect(describeRevertData(`0xB94ABEEC${'0'.repeat(192)}`)).toBe('The vault cannot pay out this much right now.');
    expect(describeRevertData(`0x4e487b71${'0'.repeat(63)}1`)).toBe('The vault contract hit an internal error.');
  });

  it('never shows raw hex: unknown, short or malformed data is the general sentence', () => {
    expect(describeRevertData('0xdeadbeef')).toBe('The vault refused this transaction.');
    expect(describeRevertData('0x08c3')).toBe('The vault refused this transaction.');
    expect(describeRevertData(PAUSED.slice(0, 100))).toBe('The vault refused this transaction.');
    expect(describeRevertData('not hex at all')).toBe('The vault refused this transaction.');
  });
});

describe('describeRevert', () => {
  it("reads the node's revert bytes from deep in an error's cause chain", () => {
    const error = new Error('Execution reverted', { cause: new Error('RPC error', { cause: { data: PAUSED } }) });
    expect(describeRevert(error)).toBe('Vault is paused.');
  });

  it('says the general sentence when no revert bytes came back', () => {
    expect(describeRevert(new Error('timeout'))).toBe('The vault refused this transaction.');
    expect(describeRevert('reverted')).toBe('The vault refused this transaction.');
  });
});
