import { useMutation } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import type { ContactInput } from '@keel/core/schemas';
import { api, readJson } from '~/lib/api-client';

export type EmailList = 'waitlist' | 'newsletter';
/** { status: 'subscribed' } (201) or { status: 'already_subscribed' } (200), typed from the server routes. */
export type SubscribeResponse = InferResponseType<typeof api.waitlist.$post, 200 | 201>;

/** POST /api/waitlist or /api/newsletter: 'subscribed' when new, 'already_subscribed' for a duplicate. */
async function subscribe(list: EmailList, email: string) {
  const response =
    list === 'waitlist' ? await api.waitlist.$post({ json: { email } }) : await api.newsletter.$post({ json: { email } });
  return readJson<SubscribeResponse>(response);
}

export function useSubscribeMutation(list: EmailList) {
  return useMutation({ mutationKey: ['subscribe', list], mutationFn: (email: string) => subscribe(list, email) });
}

/** POST /api/contact: stored by the server, then mailed to the support inbox. */
export function useSendContactMutation() {
  return useMutation({
    mutationKey: ['contact'],
    mutationFn: async (input: ContactInput) => readJson(await api.contact.$post({ json: input })),
  });
}
