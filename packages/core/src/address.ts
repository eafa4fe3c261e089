/** An EVM address as Keel stores and compares it: 0x and 40 lower-case hex digits. */
export type Address = `0x${string}`;

const ADDRESS_PATTERN = /^0x[0-9a-f]{40}$/;

function isLowerCaseAddress(value: string): value is Address {
  return ADDRESS_PATTERN.test(value);
}

/**
 * The one address rule, for config, routes, forms and the operator command:
 * 0x and 40 hex digits in any case; the answer is trimmed and lower-cased (the
 * only place an address is lower-cased), or null.
 */
export function parseAddress(input: string): Address | null {
  const value = input.trim().toLowerCase();
  return isLowerCaseAddress(value) ? value : null;
}
