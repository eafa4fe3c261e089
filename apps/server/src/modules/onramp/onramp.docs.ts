import { z } from 'zod';
import { describe, jsonResponse } from '../../lib/api-docs.js';

export const onrampSessionDocs = describe({
  tag: 'Onramp',
  summary: 'Start a Coinbase Onramp purchase of USDC on Base',
  description:
    'Asks Coinbase Onramp for a single-use session token for one of the saver’s addresses (Base, USDC preset) and ' +
    'answers the provider’s page to open. Off unless COINBASE_ONRAMP_API_KEY_ID and _SECRET are set.',
  signedIn: true,
  changesState: true,
  responses: { 200: jsonResponse('The page to open', z.object({ url: z.url() })) },
  errors: {
    400: 'BAD_REQUEST: the client address is unknown; VALIDATION_FAILED: not an address',
    403: 'FORBIDDEN: the address is not one the user saves from',
    502: 'UPSTREAM_FAILED: Coinbase did not give a session token',
    503: 'UNAVAILABLE: the onramp is not configured',
  },
});
