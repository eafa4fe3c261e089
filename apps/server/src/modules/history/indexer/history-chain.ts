import {
  BaseError,
  HttpRequestError,
  RpcRequestError,
  TimeoutError,
  erc20Abi,
  parseAbi,
  parseAbiItem,
  type Address,
  type Hash,
} from 'viem';
import type { ChainClient } from '../../../chain/chain-client.js';

const VAULT_READ_ABI = parseAbi([
  'function decimals() view returns (uint8)',
  'function totalAssets() view returns (uint256)',
  'function convertToAssets(uint256 shares) view returns (uint256)',
]);

/** ERC-4626 events and the share token's ERC-20 Transfer. */
export const VAULT_EVENTS = [
  parseAbiItem('event Deposit(address indexed sender, address indexed owner, uint256 assets, uint256 shares)'),
  parseAbiItem(
    'event Withdraw(address indexed sender, address indexed receiver, address indexed owner, uint256 assets, uint256 shares)',
  ),
  parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)'),
] as const;

export type ChainBlock = { number: number; hash: Hash; time: Date };

/** One decoded vault log, addresses lower-cased. */
export type ChainVaultEvent = {
  kind: 'deposit' | 'withdraw' | 'transfer';
  blockNumber: number;
  blockHash: Hash;
  txHash: Hash;
  logIndex: number;
  sender: string;
  owner: string | null;
  receiver: string | null;
  assets: bigint | null;
  shares: bigint;
};

/** One ERC-20 Transfer of a token (USDC), addresses lower-cased. */
export type ChainTokenTransfer = {
  blockNumber: number;
  blockHash: Hash;
  txHash: Hash;
  logIndex: number;
  from: string;
  to: string;
  value: bigint;
};

const TRANSFER_EVENT = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');

export type SharePriceReading = { sharePrice: bigint; totalAssets: bigint };

/** What the indexer and the history reads need from the chain; one implementation over viem. */
export type HistoryChain = {
  getChainId: () => Promise<number>;
  /** The latest block number. */
  getHeadNumber: () => Promise<number>;
  /** The block at a height, or null when the chain is not that long (any more). */
  getBlock: (number: number) => Promise<ChainBlock | null>;
  getShareDecimals: (vault: Address) => Promise<number>;
  getLogs: (vault: Address, fromBlock: number, toBlock: number) => Promise<ChainVaultEvent[]>;
  /** A token's Transfer logs from or to any of `addresses` in [fromBlock, toBlock], each once, in chain order. */
  getTokenTransfers: (
    token: Address,
    addresses: readonly Address[],
    fromBlock: number,
    toBlock: number,
  ) => Promise<ChainTokenTransfer[]>;
  /** A token's balanceOf(account) at a block. */
  readTokenBalance: (token: Address, account: Address, blockNumber: number) => Promise<bigint>;
  /** convertToAssets(10^decimals) and totalAssets at a block. */
  readSharePrice: (vault: Address, shareDecimals: number, blockNumber: number) => Promise<SharePriceReading>;
  /** convertToAssets(shares) at a block. */
  convertToAssets: (vault: Address, shares: bigint, blockNumber: number) => Promise<bigint>;
  /** The first block at which the vault has code (binary search over eth_getCode). */
  findDeploymentBlock: (vault: Address, headNumber: number) => Promise<number>;
};

const lower = (value: string) => value.toLowerCase();

/** A failure to reach the node (as opposed to the node answering "no"): the indexer backs off and retries. */
export function isTransportError(error: unknown): boolean {
  if (!(error instanceof BaseError)) return false;
  return Boolean(
    error.walk((cause) => cause instanceof HttpRequestError || cause instanceof TimeoutError || cause instanceof RpcRequestError),
  );
}

/** The history reads over the server's one viem client (chain/chain-client.ts). */
export function createHistoryChain(client: ChainClient): HistoryChain {
  return {
    getChainId: () => client.getChainId(),
    getHeadNumber: async () => Number(await client.getBlockNumber({ cacheTime: 0 })),
    async getBlock(number) {
      try {
        const block = await client.getBlock({ blockNumber: BigInt(number) });
        if (block.hash === null) return null;
        return { number, hash: block.hash, time: new Date(Number(block.timestamp) * 1000) };
      } catch (error) {
        if (error instanceof BaseError && error.name === 'BlockNotFoundError') return null;
        throw error;
      }
    },
    getShareDecimals: async (vault) => client.readContract({ address: vault, abi: VAULT_READ_ABI, functionName: 'decimals' }),
    async getLogs(vault, fromBlock, toBlock) {
      const logs = await client.getLogs({
        address: vault,
        events: VAULT_EVENTS,
        fromBlock: BigInt(fromBlock),
        toBlock: BigInt(toBlock),
        strict: true,
      });
      const events: ChainVaultEvent[] = [];
      for (const log of logs) {
        if (log.blockNumber === null || log.blockHash === null || log.transactionHash === null || log.logIndex === null) {
          continue; // pending logs never come back for a mined range
        }
        const where = {
          blockNumber: Number(log.blockNumber),
          blockHash: log.blockHash,
          txHash: log.transactionHash,
          logIndex: log.logIndex,
        };
        if (log.eventName === 'Deposit') {
          const { sender, owner, assets, shares } = log.args;
          events.push({ kind: 'deposit', ...where, sender: lower(sender), owner: lower(owner), receiver: null, assets, shares });
        } else if (log.eventName === 'Withdraw') {
          const { sender, receiver, owner, assets, shares } = log.args;
          events.push({
            kind: 'withdraw',
            ...where,
            sender: lower(sender),
            owner: lower(owner),
            receiver: lower(receiver),
            assets,
            shares,
          });
        } else {
          const { from, to, value } = log.args;
          events.push({
            kind: 'transfer',
            ...where,
            sender: lower(from),
            owner: null,
            receiver: lower(to),
            assets: null,
            shares: value,
          });
        }
      }
      return events;
    },
    async getTokenTransfers(token, addresses, fromBlock, toBlock) {
      const range = {
        address: token,
        event: TRANSFER_EVENT,
        fromBlock: BigInt(fromBlock),
        toBlock: BigInt(toBlock),
        strict: true,
      };
      // Topics match one position at a time: "from any of them" and "to any of them" are two reads.
      const [sent, received] = await Promise.all([
        client.getLogs({ ...range, args: { from: [...addresses] } }),
        client.getLogs({ ...range, args: { to: [...addresses] } }),
      ]);
      const transfers = new Map<string, ChainTokenTransfer>();
      for (const log of [...sent, ...received]) {
        if (log.blockNumber === null || log.blockHash === null || log.transactionHash === null || log.logIndex === null) {
          continue;
        }
        const { from, to, value } = log.args;
        if (from === undefined || to === undefined || value === undefined) continue;
        transfers.set(`${log.transactionHash}:${log.logIndex}`, {
          blockNumber: Number(log.blockNumber),
          blockHash: log.blockHash,
          txHash: log.transactionHash,
          logIndex: log.logIndex,
          from: lower(from),
          to: lower(to),
          value,
        });
      }
      return [...transfers.values()].sort((a, b) => a.blockNumber - b.blockNumber || a.logIndex - b.logIndex);
    },
    readTokenBalance: (token, account, blockNumber) =>
      client.readContract({
        address: token,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [account],
        blockNumber: BigInt(blockNumber),
      }),
    async readSharePrice(vault, shareDecimals, blockNumber) {
      const at = { blockNumber: BigInt(blockNumber) };
      const [sharePrice, totalAssets] = await Promise.all([
        client.readContract({
          address: vault,
          abi: VAULT_READ_ABI,
          functionName: 'convertToAssets',
          args: [10n ** BigInt(shareDecimals)],
          ...at,
        }),
        client.readContract({ address: vault, abi: VAULT_READ_ABI, functionName: 'totalAssets', ...at }),
      ]);
      return { sharePrice, totalAssets };
    },
    convertToAssets: (vault, shares, blockNumber) =>
      client.readContract({
        address: vault,
        abi: VAULT_READ_ABI,
        functionName: 'convertToAssets',
        args: [shares],
        blockNumber: BigInt(blockNumber),
      }),
    async findDeploymentBlock(vault, headNumber) {
      const hasCode = async (blockNumber: number) => {
        const code = await client.getCode({ address: vault, blockNumber: BigInt(blockNumber) });
        return code !== undefined && code !== '0x';
      };
      if (!(await hasCode(headNumber))) throw new Error(`no contract at ${vault}`);
      let low = 0;
      let high = headNumber;
      while (low < high) {
        const middle = Math.floor((low + high) / 2);
        if (await hasCode(middle)) high = middle;
        else low = middle + 1;
      }
      return low;
    },
  };
}
