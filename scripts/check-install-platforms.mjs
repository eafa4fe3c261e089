#!/usr/bin/env node
// Proves the lockfile installs on the platforms Keel supports besides this one
// (macOS, ARM Linux): `npm ci --dry-run --os=… --cpu=…` in a scratch copy of the
// manifests, then checks that every package shipping per-platform native builds
// (rolldown, rollup, Tailwind's oxide, lightningcss, …) gets one for that platform.
// A lockfile made here can silently lack them when the registry has no such build
// (STACK-NOTES: pin a version that has it). The Linux-x64-only anvil binary is an
// optional dependency and may be absent elsewhere (its tests then skip).
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const TARGETS = [
  { os: 'darwin', cpu: 'arm64', tags: ['darwin-arm64', 'darwin-universal'] },
  { os: 'darwin', cpu: 'x64', tags: ['darwin-x64', 'darwin-universal'] },
  { os: 'linux', cpu: 'arm64', libc: 'glibc', tags: ['linux-arm64-gnu', 'linux-arm64'] },
];
/** Packages that exist for one platform only and are allowed to be missing elsewhere. */
const SINGLE_PLATFORM = new Set(['@foundry-rs/anvil-linux-amd64']);

const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
const workspaces = JSON.parse(readFileSync('package.json', 'utf8')).workspaces ?? [];

const scratch = mkdtempSync(path.join(tmpdir(), 'keel-install-check-'));
const failures = [];
try {
  for (const file of ['package.json', 'package-lock.json', '.npmrc']) copyFileSync(file, path.join(scratch, file));
  for (const workspace of workspaces) {
    mkdirSync(path.join(scratch, workspace), { recursive: true });
    copyFileSync(path.join(workspace, 'package.json'), path.join(scratch, workspace, 'package.json'));
  }
  for (const target of TARGETS) {
    const name = `${target.os}-${target.cpu}`;
    const args = ['ci', '--dry-run', '--ignore-scripts', '--no-audit', '--no-fund', `--os=${target.os}`, `--cpu=${target.cpu}`];
    if (target.libc) args.push(`--libc=${target.libc}`);
    const result = spawnSync('npm', args, { cwd: scratch, encoding: 'utf8' });
    if (result.status !== 0) {
      failures.push(`${name}: npm ci --dry-run failed\n${result.stderr}`);
      continue;
    }
    const added = new Set([...result.stdout.matchAll(/^add (\S+) /gm)].map((match) => match[1]));
    // Every package that lists per-platform builds must get one for this platform.
    let families = 0;
    for (const [key, entry] of Object.entries(lock.packages)) {
      const optional = Object.keys(entry.optionalDependencies ?? {});
      const forTarget = optional.filter((dependency) => target.tags.some((tag) => dependency.endsWith(tag)));
      if (forTarget.length === 0) continue;
      families += 1;
      if (!forTarget.some((dependency) => added.has(dependency))) {
        failures.push(
          `${name}: ${key.replace(/^.*node_modules\//, '')} has no native build in the lockfile (${forTarget.join(', ')})`,
        );
      }
    }
    // A package built for other platforms only must be optional, or npm ci stops with EBADPLATFORM
    // (a dry run does not check this, so it is checked here).
    for (const [key, entry] of Object.entries(lock.packages)) {
      const osMismatch = entry.os && !entry.os.includes(target.os);
      const cpuMismatch = entry.cpu && !entry.cpu.includes(target.cpu);
      if ((osMismatch || cpuMismatch) && !entry.optional && !entry.devOptional) {
        failures.push(
          `${name}: ${key.replace(/^.*node_modules\//, '')} is for ${entry.os ?? 'any os'}/${entry.cpu ?? 'any cpu'} only and not optional`,
        );
      }
    }
    const missingSingles = [...SINGLE_PLATFORM].filter((dependency) => added.has(dependency));
    console.log(
      `${name.padEnd(13)} npm ci --dry-run ok: ${added.size} packages, native builds present for ${families} packages` +
        (missingSingles.length ? '' : '; anvil absent (chain tests skip there)'),
    );
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
// The Node versions named in three places must agree: engines (what npm accepts,
// engine-strict), .nvmrc (what a developer's nvm picks) and the production image.
const engines = JSON.parse(readFileSync('package.json', 'utf8')).engines?.node ?? '';
const floors = [...engines.matchAll(/>=\s*(\d+)\.(\d+)/g)].map((match) => Number(match[1]));
const nvmrc = Number(readFileSync('.nvmrc', 'utf8').trim().replace(/^v/, '').split('.')[0]);
const image = Number(readFileSync('Dockerfile', 'utf8').match(/^FROM node:(\d+)/m)?.[1] ?? NaN);
if (!floors.includes(nvmrc)) failures.push(`.nvmrc names Node ${nvmrc}, outside engines "${engines}"`);
if (!(image >= Math.max(...floors))) failures.push(`the Dockerfile's Node ${image} is outside engines "${engines}"`);
console.log(`node versions: engines "${engines}", .nvmrc ${nvmrc}, production image ${image}`);

if (failures.length > 0) {
  for (const failure of failures) console.error(`install check: FAIL — ${failure}`);
  process.exit(1);
}
console.log('install check: the lockfile installs on macOS (arm64, x64) and ARM Linux');
