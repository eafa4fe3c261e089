import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '~/lib/query-client';
import { SendDialog, type SendUsdc } from './send-dialog';

vi.mock('~/lib/api-client', () => ({
  api: { config: { $get: vi.fn(async () => ({ ok: false, status: 503, json: async () => ({}) })) } },
}));

const OWN = '0x1234567890abcdef1234567890abcdef12345678';
const FRIEND = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const HASH = `0x${'ab'.repeat(32)}` as const;

function renderDialog(send = vi.fn<SendUsdc>(async () => HASH)) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SendDialog open onOpenChange={() => undefined} account={{ address: OWN }} balance={40_000_000n} send={send} />
    </QueryClientProvider>,
  );
  return { send, user: userEvent.setup() };
}

const toField = () => screen.getByLabelText('Send to (an address on Base)');
const amountField = () => screen.getByLabelText('Amount (USDC)');

describe('SendDialog', () => {
  it('refuses an address with a typo and an amount above what the account holds, before anything is asked', async () => {
    const { user, send } = renderDialog();
    await user.type(toField(), FRIEND.replace('C51812', 'c51812'));
    await user.type(amountField(), '50');
    await user.click(screen.getByRole('button', { name: 'Review' }));
    expect(screen.getByText(/This address has a typo/)).toBeInTheDocument();
    expect(screen.getByText('You have $40.00 ready in your savings account.')).toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();
  });

  it('repeats the full address with the Base warning, and sends only once the saver confirms', async () => {
    const { user, send } = renderDialog();
    await user.type(toField(), FRIEND.toLowerCase());
    await user.type(amountField(), '25');
    await user.click(screen.getByRole('button', { name: 'Review' }));

    expect(screen.getByTestId('send-confirm-address')).toHaveTextContent(FRIEND);
    expect(screen.getByText(/must be on the Base network/)).toBeInTheDocument();
    expect(screen.getByText('$25.00')).toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Send with my passkey' }));
    expect(await screen.findByRole('heading', { name: 'USDC sent' })).toBeInTheDocument();
    expect(send).toHaveBeenCalledWith({ to: FRIEND, amount: 25_000_000n });
  });

  it('says nothing was sent when the passkey prompt is cancelled, and stays on the confirmation', async () => {
    const send = vi.fn<SendUsdc>().mockRejectedValueOnce(new DOMException('Not allowed', 'NotAllowedError'));
    const { user } = renderDialog(send);
    await user.type(toField(), FRIEND);
    await user.type(amountField(), '10');
    await user.click(screen.getByRole('button', { name: 'Review' }));
    await user.click(screen.getByRole('button', { name: 'Send with my passkey' }));
    expect(await screen.findByText(/Nothing was sent/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send with my passkey' })).toBeEnabled();
  });
});
