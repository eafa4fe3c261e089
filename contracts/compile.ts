import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Abi, Hex } from 'viem';

/**
 * Compiles the test/demo contracts in contracts/src with solc-js (no native
 * toolchain) and caches the result in contracts/out, keyed by a hash of the
 * sources and compiler version, so only the first run pays the ~seconds of solc.
 */

export type ContractName = 'MockUSDC' | 'MockToken' | 'KeelVault' | 'KeelAccessVault' | 'Multicall3';
/** bytecode deploys the contract; deployedBytecode is its runtime code (for anvil_setCode). */
export type Artifact = { abi: Abi; bytecode: Hex; deployedBytecode: Hex };
export type Artifacts = Record<ContractName, Artifact>;

const CONTRACTS_DIR = path.dirname(fileURLToPath(import.meta.url));
const SOURCE_DIR = path.join(CONTRACTS_DIR, 'src');
const OUT_DIR = path.join(CONTRACTS_DIR, 'out');
const require = createRequire(import.meta.url);

const WANTED: Record<ContractName, string> = {
  MockUSDC: 'MockUSDC.sol',
  MockToken: 'MockToken.sol',
  KeelVault: 'KeelVault.sol',
  KeelAccessVault: 'KeelVault.sol',
  Multicall3: 'Multicall3.sol',
};

type SolcOutput = {
  errors?: { severity: 'error' | 'warning' | 'info'; formattedMessage: string }[];
  contracts?: Record<
    string,
    Record<string, { abi: Abi; evm: { bytecode: { object: string }; deployedBytecode: { object: string } } }>
  >;
};

type Solc = {
  compile: (input: string, callbacks: { import: (file: string) => { contents: string } | { error: string } }) => string;
};

function readSources(): Record<string, { content: string }> {
  const sources: Record<string, { content: string }> = {};
  for (const file of readdirSync(SOURCE_DIR)
    .filter((name) => name.endsWith('.sol'))
    .sort()) {
    sources[file] = { content: readFileSync(path.join(SOURCE_DIR, file), 'utf8') };
  }
  return sources;
}

function resolveImport(file: string): { contents: string } | { error: string } {
  try {
    return { contents: readFileSync(require.resolve(file), 'utf8') };
  } catch {
    return { error: `File not found: ${file}` };
  }
}

function packageVersion(name: string): string {
  return (JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')) as { version: string }).version;
}

/** Bump when the shape of the cached artifacts changes, so an old cache is not read as the new shape. */
const ARTIFACT_FORMAT = '2';

function cacheKey(sources: Record<string, { content: string }>): string {
  const hash = createHash('sha256')
    .update(ARTIFACT_FORMAT)
    .update(packageVersion('solc'))
    .update(packageVersion('@openzeppelin/contracts'))
    .update(JSON.stringify(sources));
  return hash.digest('hex').slice(0, 16);
}

/** The compiled contracts, from the cache when the sources have not changed. */
export function loadArtifacts(): Artifacts {
  const sources = readSources();
  const cacheFile = path.join(OUT_DIR, `artifacts-${cacheKey(sources)}.json`);
  if (existsSync(cacheFile)) return JSON.parse(readFileSync(cacheFile, 'utf8')) as Artifacts;
  // Loading solc costs ~0.5 s of wasm start-up: only when there is something to compile.
  const solc = require('solc') as Solc;

  const input = {
    language: 'Solidity',
    sources,
    settings: {
      optimizer: { enabled: true, runs: 200 },
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: resolveImport })) as SolcOutput;
  const errors = (output.errors ?? []).filter((entry) => entry.severity === 'error');
  if (errors.length > 0) throw new Error(`solc failed:\n${errors.map((entry) => entry.formattedMessage).join('\n')}`);

  const artifacts = {} as Artifacts;
  for (const [name, file] of Object.entries(WANTED) as [ContractName, string][]) {
    const compiled = output.contracts?.[file]?.[name];
    if (!compiled) throw new Error(`solc produced no ${name} in ${file}`);
    artifacts[name] = {
      abi: compiled.abi,
      bytecode: `0x${compiled.evm.bytecode.object}`,
      deployedBytecode: `0x${compiled.evm.deployedBytecode.object}`,
    };
  }
  // Write then rename: parallel test workers may compile at the same time.
  mkdirSync(OUT_DIR, { recursive: true });
  const temporary = `${cacheFile}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(artifacts));
  renameSync(temporary, cacheFile);
  for (const stale of readdirSync(OUT_DIR).filter((name) => name.startsWith('artifacts-') && name.endsWith('.json'))) {
    if (path.join(OUT_DIR, stale) !== cacheFile) rmSync(path.join(OUT_DIR, stale), { force: true });
  }
  return artifacts;
}
