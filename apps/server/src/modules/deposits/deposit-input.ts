import { isIsoDate, parseApyPercent } from '@keel/core/money';
import { positiveUsdcSchema, walletAddressSchema } from '@keel/core/schemas';
import { VAULTS } from '@keel/core/vaults';
import { z } from 'zod';

const VAULT_NAMES = VAULTS.map((vault) => vault.name);
const MAX_APY_UNITS = parseApyPercent('100');
// numeric(7,4) holds 3 whole digits.
const APY_PATTERN = /^\d{1,3}(\.\d{1,4})?$/;
// zod runs every check even after one fails, so the refinements re-test the pattern first.

/** Accepts a vault's name or id in any case ("everyday cash", "everyday-cash") and answers the canonical name. */
function canonicalVaultName(value: string): string | undefined {
  const wanted = value.trim().toLowerCase();
  return VAULTS.find((vault) => vault.name.toLowerCase() === wanted || vault.id === wanted)?.name;
}

/**
 * One manual deposit as an operator types it. Limits follow the columns:
 * deposit_amount numeric(20,6) and apy_percent numeric(7,4).
 */
export function depositInputSchema(today: string) {
  return z.strictObject({
    wallet: walletAddressSchema,
    vault: z.string().transform((value, context) => {
      const name = canonicalVaultName(value);
      if (!name) {
        context.addIssue({ code: 'custom', message: `Vault must be one of: ${VAULT_NAMES.join(', ')}` });
        return z.NEVER;
      }
      return name;
    }),
    amount: positiveUsdcSchema,
    apy: z
      .string()
      .trim()
      .regex(APY_PATTERN, 'APY must be a percentage with at most 4 decimals (e.g. 5.5)')
      .refine((value) => !APY_PATTERN.test(value) || parseApyPercent(value) <= MAX_APY_UNITS, 'APY must be between 0 and 100'),
    date: z
      .string()
      .trim()
      .refine(isIsoDate, 'Date must be a calendar date as YYYY-MM-DD')
      // ISO dates compare correctly as strings.
      .refine((value) => !isIsoDate(value) || value <= today, `Date cannot be in the future (today is ${today})`),
  });
}

export type DepositInput = z.output<ReturnType<typeof depositInputSchema>>;
