import { useEffect, useState } from 'react';
import { useConnectors, type Connector } from 'wagmi';

export type WalletOption = { connector: Connector; unavailableReason: string | null };

const PLAIN_INJECTED_ID = 'injected';

/**
 * The connect buttons: every wallet announced through EIP-6963, plus the plain
 * window.ethereum (shown as "Browser wallet", wallet-option-name.ts) unless it is one of the announced wallets
 * (the same wallet twice would only confuse).
 */
export function useWalletOptions(): WalletOption[] {
  const connectors = useConnectors();
  const [plainInjected, setPlainInjected] = useState<'checking' | 'distinct' | 'duplicate' | 'missing'>('checking');

  useEffect(() => {
    let cancelled = false;
    const plain = connectors.find((connector) => connector.id === PLAIN_INJECTED_ID);
    const announced = connectors.filter((connector) => connector.id !== PLAIN_INJECTED_ID);
    void (async () => {
      const plainProvider = plain ? await plain.getProvider().catch(() => undefined) : undefined;
      const announcedProviders = await Promise.all(announced.map((connector) => connector.getProvider().catch(() => undefined)));
      if (cancelled) return;
      if (!plainProvider) setPlainInjected('missing');
      else if (announcedProviders.includes(plainProvider)) setPlainInjected('duplicate');
      else setPlainInjected('distinct');
    })();
    return () => {
      cancelled = true;
    };
  }, [connectors]);

  return connectors.flatMap<WalletOption>((connector) => {
    if (connector.id !== PLAIN_INJECTED_ID) return [{ connector, unavailableReason: null }];
    if (plainInjected === 'duplicate') return [];
    const hasOtherWallets = connectors.length > 1;
    if (plainInjected === 'missing') {
      // With announced wallets present, an empty "Browser wallet" slot adds nothing.
      return hasOtherWallets
        ? []
        : [
            {
              connector,
              unavailableReason:
                'No browser wallet detected: install one (such as MetaMask or Coinbase Wallet), then reload this page',
            },
          ];
    }
    return [{ connector, unavailableReason: null }];
  });
}
