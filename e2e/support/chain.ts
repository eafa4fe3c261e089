/**
 * The local chain for end-to-end tests. The wallet-and-vaults work replaces this
 * with anvil and freshly deployed vaults; until then no chain variables are set.
 */
export async function startChain(_workDir: string): Promise<{ env: Record<string, string>; stop: () => Promise<void> }> {
  return { env: {}, stop: async () => undefined };
}
