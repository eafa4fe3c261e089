import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SIMULATED_TRANSFER_MS } from '@keel/core/constants';
import { toast } from '~/lib/toast';
import { WithdrawDialog } from './withdraw-dialog';

vi.mock('~/lib/toast', () => ({
  toast: Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn(), message: vi.fn() }),
}));

describe('WithdrawDialog', () => {
  beforeEach(() => {
    vi.clearAllMocks();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function renderDialog(initialVaultId: 'everyday-cash' | 'smart-savings' | 'growth-reserve' | null = null) {
    const onOpenChange = vi.fn();
    render(<WithdrawDialog open onOpenChange={onOpenChange} initialVaultId={initialVaultId} />);
    return { onOpenChange, user: userEvent.setup() };
  }

  it('shows each vault’s sample terms, including Growth Reserve’s notice and fee', async () => {
    const { user } = renderDialog();
    expect(screen.getByRole('button', { name: 'Max' })).toBeDisabled();
    await user.selectOptions(screen.getByLabelText('Vault'), 'growth-reserve');
    const info = screen.getByRole('region', { name: 'Growth Reserve withdrawal info' });
    expect(within(info).getByText('Sample data')).toBeInTheDocument();
    expect(within(info).getByText('24-48 hours')).toBeInTheDocument();
    expect(within(info).getByText('0.25%')).toBeInTheDocument();
    expect(within(info).getByText('$940.50')).toBeInTheDocument();
    expect(within(info).getByText(/may take 24-48 hours due to crypto exposure/)).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Vault'), 'everyday-cash');
    const instant = screen.getByRole('region', { name: 'Everyday Cash withdrawal info' });
    expect(within(instant).getByText('Instant')).toBeInTheDocument();
    expect(within(instant).getByText('No fee')).toBeInTheDocument();
  });

  it('Max fills the vault’s full sample balance', async () => {
    const { user } = renderDialog('smart-savings');
    await user.click(screen.getByRole('button', { name: 'Max' }));
    expect(screen.getByLabelText('Amount (USDC)')).toHaveValue(1800);
  });

  it('asks for the missing amount instead of starting', async () => {
    const { user } = renderDialog('smart-savings');
    await user.click(screen.getByRole('button', { name: 'Confirm Withdrawal' }));
    expect(toast.error).toHaveBeenCalledWith('Missing Information', { description: 'Please select a vault and enter an amount' });
    expect(toast.info).not.toHaveBeenCalled();
  });

  it('initiates, then reports processing with the vault’s arrival time after 2 seconds and closes', async () => {
    const { user, onOpenChange } = renderDialog('smart-savings');
    await user.type(screen.getByLabelText('Amount (USDC)'), '100');
    // From the confirm on, the clock is fake: the 2 s pass without real waiting. (The click is a
    // plain event: Testing Library's async helpers wait on real timers.)
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm Withdrawal' }));
    expect(toast.info).toHaveBeenCalledWith('Withdrawal Initiated', expect.anything());
    expect(toast.success).not.toHaveBeenCalled();
    // The simulated transfer takes exactly SIMULATED_TRANSFER_MS.
    await act(() => vi.advanceTimersByTimeAsync(SIMULATED_TRANSFER_MS - 1));
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(toast.success).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(toast.success).toHaveBeenCalledWith(
      'Withdrawal Processing',
      expect.objectContaining({ description: 'Your $100.00 from Smart Savings will arrive in 1-2 hours.' }),
    );
  });
});
