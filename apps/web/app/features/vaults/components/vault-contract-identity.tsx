import type { VaultStatus } from '~/lib/vault-statuses';

/**
 * Beside Keel's tier name, the contract that holds the money in its own on-chain words (name and symbol) and
 * who manages it, so a saver can tell exactly which vault this is.
 */
export function VaultContractIdentity({ contract }: { contract: VaultStatus['contract'] }) {
  const { identity, curator } = contract;
  if (!identity && !curator) return null;
  return (
    <p className="text-sm text-muted-foreground" data-testid="vault-contract-identity">
      {identity ? (
        <>
          Held in the contract <span className="font-medium text-foreground">{identity.name}</span> (
          <span className="font-mono">{identity.symbol}</span>), a {identity.assetSymbol} vault on Base.
        </>
      ) : (
        'The contract’s own name could not be read from Base right now.'
      )}
      {curator ? (
        <>
          {' '}
          Managed by <span className="font-medium text-foreground">{curator}</span>.
        </>
      ) : null}
    </p>
  );
}
