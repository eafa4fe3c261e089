import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SIMULATED_TRANSFER_MS } from '@keel/core/constants';
import { toast } from '~/lib/toast';
import { DepositDialog } from './deposit-dialog';

vi.mock('~/lib/toast', () => ({
  toast: Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn(), message: vi.fn() }),
}));

describe('DepositDialog', () => {
  beforeEach(() => {
    vi.clearAllMocks();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function renderDialog(initialVaultId: 'everyday-cash' | 'smart-savings' | 'growth-reserve' | null = null) {
    const onOpenChange = vi.fn();
    render(<DepositDialog open onOpenChange={onOpenChange} initialVaultId={initialVaultId} />);
    return { onOpenChange, user: userEvent.setup() };
  }

  it('shows the fixed figures, the network choice and says the transfer is simulated', () => {
    renderDialog();
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Min: $10')).toBeInTheDocument();
    expect(within(dialog).getByText('~$0.05')).toBeInTheDocument();
    expect(within(dialog).getByText('$5,240.50')).toBeInTheDocument();
    expect(within(dialog).getByText(/no funds move/i)).toBeInTheDocument();
    const network = within(dialog).getByLabelText('Network');
    expect(network).toHaveValue('base');
    expect(within(network).getByRole('option', { name: 'Ethereum (Coming Soon)' })).toBeDisabled();
  });

  it('preselects the vault it was opened for', () => {
    renderDialog('smart-savings');
    expect(screen.getByLabelText('Vault')).toHaveValue('smart-savings');
  });

  it('asks for the missing vault or amount instead of starting', async () => {
    const { user, onOpenChange } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Confirm Deposit' }));
    expect(toast.error).toHaveBeenCalledWith('Missing Information', { description: 'Please select a vault and enter an amount' });

    await user.selectOptions(screen.getByLabelText('Vault'), 'everyday-cash');
    await user.click(screen.getByRole('button', { name: 'Confirm Deposit' }));
    expect(toast.error).toHaveBeenCalledTimes(2);
    expect(toast.info).not.toHaveBeenCalled();
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('initiates, then succeeds after the simulated 2 seconds and closes', async () => {
    const { user, onOpenChange } = renderDialog('growth-reserve');
    await user.type(screen.getByLabelText('Amount (USDC)'), '250.5');
    // From the confirm on, the clock is fake: the 2 s pass without real waiting. (The click is a
    // plain event: Testing Library's async helpers wait on real timers.)
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm Deposit' }));
    expect(toast.info).toHaveBeenCalledWith(
      'Deposit Initiated',
      expect.objectContaining({ description: expect.stringContaining('$250.50') }),
    );
    expect(screen.getByRole('button', { name: /Depositing/ })).toBeDisabled();
    expect(toast.success).not.toHaveBeenCalled();

    // The simulated transfer takes exactly SIMULATED_TRANSFER_MS.
    await act(() => vi.advanceTimersByTimeAsync(SIMULATED_TRANSFER_MS - 1));
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(toast.success).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(toast.success).toHaveBeenCalledWith(
      'Deposit Successful',
      expect.objectContaining({ description: expect.stringContaining('Growth Reserve') }),
    );
  });
});
