import { useId, useState, type FormEvent } from 'react';
import type { Address, Hex } from 'viem';
import { useConfig, useConnection, useSwitchChain } from 'wagmi';
import { getPublicClient } from 'wagmi/actions';
import { BASE_CHAIN_ID } from '@keel/core/constants';
import type { PasskeyAccount } from '@keel/core/passkey-account';
import type { AmountCheck } from '@keel/core/transfer-rules';
import { findVault, type VaultId } from '@keel/core/vaults';
import { toast } from '~/lib/toast';
import { VAULT_UNAVAILABLE_MESSAGE } from '~/lib/vault-statuses';
import { simulateAndEstimate } from '../chain/estimate-fee';
import type { StepUpdate } from '../chain/run-transfer';
import { MISSING_INFORMATION, useVaultTarget, type StepView } from '../components/transfer-dialog-parts';
import { useTransferRun, type TransferPlan } from './use-transfer-run';

export type TransferFormOptions = {
  account: Address;
  /** Set when the money moves from the saver's passkey account rather than a wallet: Keel pays its fee. */
  passkey: PasskeyAccount | null;
  initialVaultId: VaultId | null;
  onClose: () => void;
};

/**
 * What the deposit and withdraw forms share: the chosen vault and its
 * configured address, the typed amount, when to show field errors, the
 * network, the fee estimate's client, and the run that closes the dialog once
 * the transfer is confirmed.
 */
export function useTransferForm({ account, passkey, initialVaultId, onClose }: TransferFormOptions) {
  const id = useId();
  const config = useConfig();
  const { chainId } = useConnection();
  const { switchChainAsync, isPending: isSwitching } = useSwitchChain();
  const [vaultId, setVaultId] = useState<string>(initialVaultId ?? '');
  const [amount, setAmount] = useState('');
  const [showErrors, setShowErrors] = useState(false);
  const target = useVaultTarget(findVault(vaultId));
  const transfer = useTransferRun();
  const vault = target.vault;
  const isRunning = transfer.phase.kind === 'running';
  const isMissing = !vault || amount.trim() === '';
  // A chosen vault the server has not (yet) verified: nothing is sent to it.
  const isVaultUnconfirmed = vault !== undefined && !target.isLoading && !target.isAvailable;

  return {
    id,
    account,
    passkey,
    vault,
    vaultId,
    setVaultId,
    /** Only a vault the server verified is ever written to. */
    vaultAddress: target.isAvailable ? target.address : null,
    /** The chosen vault's verification is still being read: Confirm waits for it (TransferFooter). */
    isCheckingVault: vault !== undefined && target.isLoading,
    amount,
    setAmount,
    transfer,
    isRunning,
    // A passkey account lives on Base: there is no wallet network to switch.
    isOnBase: passkey !== null || chainId === BASE_CHAIN_ID,
    isSwitching,
    onClose,

    /** Typing again after a failure clears the outcome, so it never reads as being about the new amount. */
    changeAmount(value: string) {
      setAmount(value);
      if (!isRunning) transfer.reset();
    },

    /** Once Confirm was pressed: Missing Information under the missing field, otherwise the amount rule's message. */
    errors(check: AmountCheck | null) {
      return {
        vaultError:
          showErrors && !vault
            ? MISSING_INFORMATION
            : // The field itself says so when the server named the vault unavailable; this covers a failed read.
              showErrors && isVaultUnconfirmed && !target.isUnavailable
              ? `${VAULT_UNAVAILABLE_MESSAGE}: Keel could not check it. Press Confirm to check again.`
              : null,
        amountError:
          showErrors && vault && amount.trim() === ''
            ? MISSING_INFORMATION
            : showErrors && check && !check.ok
              ? check.message
              : null,
      };
    },

    switchToBase() {
      void switchChainAsync({ chainId: BASE_CHAIN_ID }).catch(() => toast.error('Failed to switch to Base network'));
    },

    /** Simulates the calls from this wallet and prices them (throws TransferRevertedError if one would revert). */
    async estimateFee(calls: readonly { to: Address; data: Hex }[]) {
      const client = getPublicClient(config, { chainId: BASE_CHAIN_ID });
      if (!client) throw new Error('Base is not configured');
      return simulateAndEstimate(client, { account, calls });
    },

    /** Confirm: shows the field errors; false when something is missing and nothing may be sent. */
    confirm(event: FormEvent<HTMLFormElement>) {
      event.preventDefault();
      setShowErrors(true);
      // The server could not be asked whether the vault is verified: ask again, so the next press can send.
      if (isVaultUnconfirmed && !target.isUnavailable) target.recheck();
      return !isMissing;
    },

    /** The running transfer's steps as the progress list shows them, each worded by the form. */
    steps(describe: (step: StepUpdate) => Pick<StepView, 'label' | 'submittedLabel'>): StepView[] {
      const { phase, explorerLink } = transfer;
      return (phase.kind === 'running' ? phase.steps : []).map((step) => ({
        key: step.id,
        state: step.state,
        explorerUrl: explorerLink(step.hash ?? null),
        ...describe(step),
      }));
    },

    /** Sends the transfer; the dialog closes once it is confirmed on Base. */
    async send(plan: TransferPlan) {
      if (await transfer.run(plan, passkey)) onClose();
    },
  };
}

export type TransferForm = ReturnType<typeof useTransferForm>;
