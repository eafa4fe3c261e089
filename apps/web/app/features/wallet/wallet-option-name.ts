/** wagmi's name for a plain window.ethereum that says nothing about itself. */
const GENERIC_INJECTED_NAME = 'Injected';

/**
 * The text of a connect button: the wallet's own name (EIP-6963 announces one),
 * or 'Browser wallet' for the plain injected provider that gives none — a saver
 * does not know what "Injected" means.
 */
export function walletOptionName(connector: { id: string; name: string }): string {
  if (connector.id === 'injected' && (connector.name.trim() === '' || connector.name === GENERIC_INJECTED_NAME)) {
    return 'Browser wallet';
  }
  return connector.name;
}
