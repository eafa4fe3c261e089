import { z } from 'zod';
import { address, describe, jsonResponse } from '../../lib/api-docs.js';

const TAG = 'Money in';

export const savingAddressesDocs = describe({
  tag: TAG,
  summary: 'The addresses the saver saves from, with the USDC each holds',
  description: 'Each linked wallet and the passkey savings account, in full; USDC not yet in a vault is ready to deposit.',
  signedIn: true,
  responses: {
    200: jsonResponse(
      'The addresses',
      z.object({
        chainId: z.number().int(),
        addresses: z.array(
          z.object({
            kind: z.enum(['linked-wallet', 'savings-account']),
            address,
            usdc: z.string().nullable().describe('USDC held, in token units (6 decimals); null when Base cannot be read'),
          }),
        ),
      }),
    ),
  },
});

export const onrampSessionDocs = describe({
  tag: TAG,
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
    429: 'RATE_LIMITED "Too many purchases started. Please try again in N seconds." (LIMIT_ONRAMP_MAX per user)',
    502: 'UPSTREAM_FAILED: Coinbase did not give a session token',
    503: 'UNAVAILABLE: the onramp is not configured',
  },
});
