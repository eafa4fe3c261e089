import type { PasskeyAccount } from '@keel/core/passkey-account';
import { queryOptions } from '@tanstack/react-query';
import { api, readJson } from '~/lib/api-client';

export const PASSKEY_ACCOUNT_QUERY_KEY = ['passkey-account'] as const;

/** GET /api/passkey-account: the user's savings account owned by a passkey, or null. */
export function passkeyAccountQueryOptions() {
  return queryOptions({
    queryKey: PASSKEY_ACCOUNT_QUERY_KEY,
    queryFn: async (): Promise<PasskeyAccount | null> => {
      const body = await readJson(await api['passkey-account'].$get());
      return body.account;
    },
  });
}
